/**
 * Module constants, as every regular expression with a Unicode property: the server's build
 * writes one inside a function as `new RegExp(…)`, made again at every call.
 */
const ACCENTS = /\p{M}/gu;

/**
 * The key used to compare and search titles and names: lowercase, accents removed, spaces folded.
 * Server and web use the same key so 'Éte' finds 'été'.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(ACCENTS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The search key of a list's `q`, or undefined when it leaves nothing to look for: every searching
 * list normalises its query this one way.
 */
export function searchTerm(query: string | undefined): string | undefined {
  return (query && searchKey(query)) || undefined;
}
