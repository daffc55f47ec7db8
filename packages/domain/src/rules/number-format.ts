/**
 * Formats a count with spaces as thousands separators and no decimals (spec section 9).
 * @example formatCount(1234567.8) // '1 234 568'
 */
export function formatCount(value: number): string {
  const rounded = Math.round(Number.isFinite(value) ? value : 0);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * A count and its noun, singular for 0 and 1 as French has it.
 * @example formatCountOf(1234, 'vue', 'vues') // '1 234 vues'
 */
export function formatCountOf(value: number, singular: string, plural: string): string {
  return `${formatCount(value)} ${Math.abs(Math.round(value)) < 2 ? singular : plural}`;
}

/**
 * A file's size the French way, in Ko below a megabyte, otherwise in Mo with one decimal.
 * @example formatFileSize(2_516_582) // '2,4 Mo'
 */
export function formatFileSize(bytes: number): string {
  const megabyte = 1024 * 1024;
  if (bytes < megabyte) return `${formatCount(Math.max(1, bytes / 1024))} Ko`;
  return `${(Math.round((bytes / megabyte) * 10) / 10).toString().replace('.', ',')} Mo`;
}
