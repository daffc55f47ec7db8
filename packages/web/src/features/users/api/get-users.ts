import type { UserListItem } from '@coulisses/domain/schemas/users';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { userKeys } from './user-keys.ts';

/** The subscribers by e-mail, 500 a page, searched on the server by e-mail. */
export function useUsers(search: string) {
  return usePagedList<UserListItem>(userKeys.list(search), '/api/users', search);
}
