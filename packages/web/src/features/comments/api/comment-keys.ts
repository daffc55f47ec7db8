export interface CommentFilters {
  /** One video's comments only; empty for all. */
  video: string;
  /** A term anywhere in the text; empty for all. */
  q: string;
}

export const commentKeys = {
  all: ['comments'] as const,
  list: (scope: CommentScope, filters: CommentFilters) => ['comments', scope, filters] as const,
};

/** A creator moderates the comments on their own videos; the superadmin every comment. */
export type CommentScope = 'mine' | 'everyone';

export const COMMENTS_URL = '/api/comments';
export const commentListUrl = (scope: CommentScope) =>
  scope === 'mine' ? `${COMMENTS_URL}/mine` : COMMENTS_URL;
