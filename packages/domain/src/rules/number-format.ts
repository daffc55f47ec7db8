/**
 * Formats a count with spaces as thousands separators and no decimals (spec section 9).
 * @example formatCount(1234567.8) // '1 234 568'
 */
export function formatCount(value: number): string {
  const rounded = Math.round(Number.isFinite(value) ? value : 0);
  const sign = rounded < 0 ? '-' : '';
  return sign + String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
