/**
 * A title as its author typed it, the space before « : ; ! ? » % € and after « made no-break
 * (U+00A0, as wide as the space typed): on a phone's narrow card, « La ratatouille : les bases »
 * never starts a line with its colon, nor « -30 % » with its percent sign.
 * @example withNoBreakSpaces('La ratatouille : les bases') // 'La ratatouille\u00A0: les bases'
 */
export function withNoBreakSpaces(text: string): string {
  return text.replace(/[ \t]+(?=[:;!?»%€])/g, '\u00A0').replace(/«[ \t]+/g, '«\u00A0');
}
