/**
 * The key used to compare and search titles and names: lowercase, accents removed, spaces folded.
 * Server and web use the same key so 'Éte' finds 'été'.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
