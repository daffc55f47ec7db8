import { sql } from 'kysely';

/*
 * Conditions every list builds the same way. Columns are named as in SQL ('videos.title_search');
 * the values are always bound parameters.
 */

/** Escapes LIKE wildcards so a search for '50%' finds '50%', not everything. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows whose `column` contains `term` (already a search key: see searchTerm in the domain). */
export function containsTerm(column: string, term: string) {
  return sql<boolean>`${sql.ref(column)} like ${likeContains(term)} escape '\\'`;
}

/** The keyset condition of pages ordered by (first, second): rows after the cursor's pair. */
export function keysetAfter(first: string, second: string, [firstValue, secondValue]: readonly string[]) {
  return sql<boolean>`(${sql.ref(first)} > ${firstValue} or (${sql.ref(first)} = ${firstValue} and ${sql.ref(second)} > ${secondValue}))`;
}
