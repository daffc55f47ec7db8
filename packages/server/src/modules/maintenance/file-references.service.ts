import type { AppContext } from '../../context.ts';
import { keysStillReferenced } from './maintenance.repository.ts';

/**
 * The keys among `keys` that no row points at any more, so their files may go. Rows may share a
 * file (the demo catalogue does, docs/decisions/013-demo-catalogue.md): removing a row removes its
 * images only when it was their last user. Call it inside the transaction that deleted or replaced
 * the row. Two transactions dropping the last two users of one file at once may both keep it; the
 * storage sweep removes it later, which is the safe way to be wrong.
 */
export async function unreferencedKeys({ db }: AppContext, keys: readonly string[]): Promise<string[]> {
  const distinct = [...new Set(keys)];
  const inUse = await keysStillReferenced(db, distinct);
  return distinct.filter((key) => !inUse.has(key));
}
