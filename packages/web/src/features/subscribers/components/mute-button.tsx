import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSetCommentsMuted } from '../api/set-comments-muted.ts';

/**
 * Mutes a member or gives them their voice back, asking first: on Abonnés (the only way back for a
 * member whose comments were all deleted) and beside each comment on 'Commentaires'.
 */
export function MuteButton({ user }: { user: { id: string; name: string; comments_muted: boolean } }) {
  const setMuted = useSetCommentsMuted();
  const confirm = useConfirm();
  const alert = useAlert();
  const muted = user.comments_muted;
  const onClick = async () => {
    const sure = await confirm(
      muted
        ? {
            title: `Rendre la parole à ${user.name} ?`,
            message: 'Ce membre pourra de nouveau commenter.',
            confirmLabel: 'Rendre la parole',
            cancelLabel: 'Annuler',
          }
        : {
            title: `Mettre ${user.name} en sourdine ?`,
            message: 'Ce membre ne pourra plus commenter. Ses commentaires restent tels qu’ils sont.',
            confirmLabel: 'Mettre en sourdine',
            cancelLabel: 'Annuler',
          },
    );
    if (!sure) return;
    try {
      await setMuted.mutateAsync({ userId: user.id, muted: !muted });
    } catch (error) {
      await alert(error instanceof ApiError ? error.message : 'Ça n’a pas marché. Réessaie dans un instant.');
    }
  };
  return (
    <button
      type="button"
      className="button button-small"
      disabled={setMuted.isPending}
      aria-label={`${muted ? 'Rendre la parole à' : 'Mettre en sourdine'} ${user.name}`}
      onClick={() => void onClick()}
    >
      {muted ? 'Rendre la parole' : 'Sourdine'}
    </button>
  );
}
