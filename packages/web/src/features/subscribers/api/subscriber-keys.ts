import type { UserListItem } from '@coulisses/domain/schemas/users';
import { pagedListOptions } from '../../../lib/paged-list-query.ts';

export const subscriberKeys = {
  all: ['subscribers'] as const,
  list: (search: string) => ['subscribers', 'list', search] as const,
};

export const SUBSCRIBERS_URL = '/api/users';

/** The subscribers by e-mail, 500 a page, searched on the server by e-mail. */
export const subscribersList = (search: string) =>
  pagedListOptions<UserListItem>(subscriberKeys.list(search), SUBSCRIBERS_URL, search);
