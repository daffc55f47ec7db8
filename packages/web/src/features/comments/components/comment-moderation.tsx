import { useState, type ReactNode } from 'react';
import type { Comment } from '@coulisses/domain/schemas/comments';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { CommentFilters, CommentScope } from '../api/comment-keys.ts';
import { useComments } from '../api/get-comments.ts';
import { useDeleteComment, useSetCommentHidden } from '../api/moderate-comment.ts';
import { CommentItem, commentStart } from './comment-item.tsx';

const FAILED = 'Ça n’a pas marché. Réessaie dans un instant.';

/**
 * The comments to moderate with their filters (kept in the address by the caller), 50 a page with
 * 'Charger plus'. Every action asks first, naming the comment; the superadmin also deletes.
 */
export function CommentModeration({
  scope,
  filters,
  onFilter,
  authorActions,
}: {
  scope: CommentScope;
  filters: CommentFilters;
  /** Called with the filters that change; the others stay as the address has them. */
  onFilter: (changes: Partial<CommentFilters>) => void;
  /** The superadmin's actions on a comment's author, given by the page (muting is the subscribers'). */
  authorActions?: (comment: Comment) => ReactNode;
}) {
  const list = useComments(scope, filters);
  const setHidden = useSetCommentHidden();
  const remove = useDeleteComment();
  const confirm = useConfirm();
  const alert = useAlert();
  const [done, setDone] = useState('');
  // The title of the video the list is filtered on, remembered from the comment it was chosen on.
  const [videoTitle, setVideoTitle] = useState('');
  const superadmin = scope === 'everyone';

  const act = async (
    question: Parameters<typeof confirm>[0],
    run: () => Promise<unknown>,
    result: string,
  ) => {
    if (!(await confirm(question))) return;
    setDone('');
    try {
      await run();
      setDone(result);
    } catch (error) {
      await alert(error instanceof ApiError ? error.message : FAILED);
    }
  };

  const toggleHidden = (comment: Comment) =>
    act(
      comment.hidden
        ? {
            title: `Afficher à nouveau ${quoted(commentStart(comment))} ?`,
            message: 'Il reviendra sous la vidéo, dans l’app.',
            confirmLabel: 'Afficher',
            cancelLabel: 'Annuler',
          }
        : {
            title: `Masquer ${quoted(commentStart(comment))} ?`,
            message: 'Il disparaîtra de l’app. Tu pourras l’afficher à nouveau.',
            confirmLabel: 'Masquer',
            cancelLabel: 'Annuler',
          },
      () => setHidden.mutateAsync({ id: comment.id, hidden: !comment.hidden }),
      comment.hidden ? 'Commentaire affiché à nouveau.' : 'Commentaire masqué.',
    );

  const deleteComment = (comment: Comment) =>
    act(
      {
        title: `Supprimer ${quoted(commentStart(comment))} ?`,
        message: 'Il sera effacé pour de bon, signalements compris.',
        confirmLabel: 'Supprimer',
        cancelLabel: 'Annuler',
      },
      () => remove.mutateAsync(comment.id),
      'Commentaire supprimé.',
    );

  const { items, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const filtered = filters.video !== '' || filters.q !== '';
  return (
    <>
      <div className="list-toolbar">
        <SearchForm
          search={filters.q}
          label="Rechercher dans le texte des commentaires"
          placeholder="Mot à chercher"
          buttonLabel="Rechercher"
          onSearch={(q) => onFilter({ q })}
        />
        {filters.video && (
          <p className="filter-chip">
            <span>Vidéo : {quoted(videoTitle || items[0]?.video.title || 'choisie')}</span>
            <button type="button" className="button button-small" onClick={() => onFilter({ video: '' })}>
              Toutes les vidéos
            </button>
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {isPending && <Loading />}
      {isError && (
        <LoadError message="Impossible de charger les commentaires." onRetry={() => void refetch()} />
      )}
      {!isPending && !isError && items.length === 0 && (
        <p className="empty-state">
          {filtered
            ? 'Aucun commentaire ne correspond à ta recherche.'
            : superadmin
              ? 'Aucun commentaire pour l’instant.'
              : 'Aucun commentaire sur tes vidéos pour l’instant. Ils arriveront ici dès que des membres réagiront dans l’app.'}
        </p>
      )}
      {items.length > 0 && (
        <ol className="comment-list" aria-label="Commentaires">
          {items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              onFilterVideo={(video) => {
                setVideoTitle(video.title);
                onFilter({ video: video.id });
              }}
              actions={
                <>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`${comment.hidden ? 'Afficher' : 'Masquer'} ${quoted(commentStart(comment))}`}
                    onClick={() => void toggleHidden(comment)}
                  >
                    {comment.hidden ? 'Afficher' : 'Masquer'}
                  </button>
                  {superadmin && (
                    <>
                      {authorActions?.(comment)}
                      <button
                        type="button"
                        className="button button-small button-danger-quiet"
                        aria-label={`Supprimer ${quoted(commentStart(comment))}`}
                        onClick={() => void deleteComment(comment)}
                      >
                        Supprimer
                      </button>
                    </>
                  )}
                </>
              }
            />
          ))}
        </ol>
      )}
      <LoadMore hasMore={!!hasNextPage} loading={isFetchingNextPage} onLoad={() => void fetchNextPage()} />
    </>
  );
}
