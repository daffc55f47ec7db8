/**
 * 'Exporter en CSV': a plain link, so the browser sends the session cookie and writes the file as
 * it arrives, however long the list. The list's search goes along, so the file holds what it shows.
 */
export function CsvExportLink({ url, search }: { url: string; search: string }) {
  const href = search ? `${url}?${new URLSearchParams({ q: search }).toString()}` : url;
  return (
    <a className="button" href={href} download>
      Exporter en CSV
    </a>
  );
}
