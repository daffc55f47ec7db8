import type { Comment } from '@coulisses/domain/schemas/comments';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { commentsList, type CommentFilters, type CommentScope } from './comment-keys.ts';

/**
 * The comments to moderate, newest first (the superadmin's reported ones first), 50 a page,
 * filtered by video and by a term of their text.
 */
export function useComments(scope: CommentScope, filters: CommentFilters) {
  return usePagedList<Comment>(commentsList(scope, filters));
}
