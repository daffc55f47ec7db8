import type { Comment } from '@coulisses/domain/schemas/comments';
import { pagedListOptions } from '../../../lib/paged-list-query.ts';
import { searchTermOf } from '../../../lib/router.tsx';

export interface CommentFilters {
  /** One video's comments only; empty for all. */
  video: string;
  /** A term anywhere in the text; empty for all. */
  q: string;
}

/** The filters a comment list's address holds (`?video=…&q=…`). */
export const commentFiltersOf = (params: URLSearchParams): CommentFilters => ({
  video: params.get('video') ?? '',
  q: searchTermOf(params),
});

export const commentKeys = {
  all: ['comments'] as const,
  list: (scope: CommentScope, filters: CommentFilters) => ['comments', scope, filters] as const,
};

/** A creator moderates the comments on their own videos; the superadmin every comment. */
export type CommentScope = 'mine' | 'everyone';

export const COMMENTS_URL = '/api/comments';
export const commentListUrl = (scope: CommentScope) =>
  scope === 'mine' ? `${COMMENTS_URL}/mine` : COMMENTS_URL;

/**
 * The comments to moderate, newest first (the superadmin's reported ones first), 50 a page,
 * filtered by video and by a term of their text.
 */
export const commentsList = (scope: CommentScope, filters: CommentFilters) =>
  pagedListOptions<Comment>(commentKeys.list(scope, filters), commentListUrl(scope), {
    video: filters.video || undefined,
    q: filters.q || undefined,
  });
