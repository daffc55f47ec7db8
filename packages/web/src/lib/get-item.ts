import { MESSAGES } from '@coulisses/domain/messages';
import { IdSchema } from '@coulisses/domain/schemas/common';
import { api, ApiError } from './api-client.ts';

/**
 * One item as its edit page opens it, from `${listUrl}/${id}`. An address that cannot name one is
 * "not found", like an id that names nothing: an id too long for any item, and one spelt like a
 * route of the list itself (`/api/videos/mine` answers a list, not a video).
 */
export async function getItem<T extends { id: string }>(
  listUrl: string,
  id: string,
  signal?: AbortSignal,
): Promise<T> {
  if (IdSchema.safeParse(id).success) {
    const item = await api.get<T>(`${listUrl}/${encodeURIComponent(id)}`, signal);
    if (item.id === id) return item;
  }
  throw new ApiError(404, 'not_found', MESSAGES.notFound);
}
