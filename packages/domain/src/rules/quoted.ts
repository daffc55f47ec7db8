/**
 * A term between French guillemets, a narrow no-break space (U+202F, the Imprimerie nationale's
 * choice) inside each: a line break never leaves « or » alone at the edge of a line, away from
 * its word, as a plain space lets it on a phone's narrow screen.
 * @example quoted('Vélo') // '«\u202FVélo\u202F»'
 */
export function quoted(text: string): string {
  return `«\u202F${text}\u202F»`;
}
