import { commentFiltersOf } from '../../features/comments/api/comment-keys.ts';
import { authorName } from '../../features/comments/components/comment-item.tsx';
import { CommentModeration } from '../../features/comments/components/comment-moderation.tsx';
import { MuteButton } from '../../features/subscribers/components/mute-button.tsx';
import { useUser } from '../../lib/auth.tsx';
import { useQueryParams } from '../../lib/router.tsx';

/** 'Commentaires': a creator moderates those on their videos, the superadmin every one. */
export function Component() {
  const user = useUser();
  const [params, setParams] = useQueryParams();
  const filters = commentFiltersOf(params);
  const superadmin = !!user?.is_superadmin;
  return (
    <section className="page">
      <h1>Commentaires</h1>
      <p className="lead">
        {superadmin
          ? 'Tous les commentaires de l’app, les signalés en tête puis les plus récents. Masque, supprime ou mets un membre en sourdine.'
          : 'Ce que les membres disent sous tes vidéos, le plus récent en haut. Masque ce qui n’a pas sa place : ça disparaît de l’app.'}
      </p>
      <CommentModeration
        key={superadmin ? 'everyone' : 'mine'}
        scope={superadmin ? 'everyone' : 'mine'}
        filters={filters}
        onFilter={setParams}
        authorActions={
          superadmin
            ? (comment) => (
                <MuteButton
                  user={{
                    id: comment.author.id,
                    name: authorName(comment),
                    comments_muted: comment.author.muted,
                  }}
                />
              )
            : undefined
        }
      />
    </section>
  );
}
