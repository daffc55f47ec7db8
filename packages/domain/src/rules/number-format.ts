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
