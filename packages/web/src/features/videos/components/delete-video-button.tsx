import { MESSAGES } from '@coulisses/domain/messages';
import { quoted } from '@coulisses/domain/rules/quoted';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { useDeleteVideo } from '../api/delete-video.ts';

interface DeleteVideoButtonProps {
  video: { id: string; title: string };
  /** Said once the video is gone; the superadmin's list says nothing (spec). */
  successMessage?: string;
  failureMessage: string;
}

/**
 * The delete 'x' of a video card: asks 'Vazy' / 'Non', deletes, a spinner in its place meanwhile,
 * then says how it went.
 */
export function DeleteVideoButton({ video, successMessage, failureMessage }: DeleteVideoButtonProps) {
  const remove = useDeleteVideo();
  const confirm = useConfirm();
  const alert = useAlert();

  const onDelete = async () => {
    const sure = await confirm({
      title: `Supprimer ${quoted(video.title)} ?`,
      message: MESSAGES.videoDeleteConfirm,
      confirmLabel: 'Vazy',
      cancelLabel: 'Non',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(video.id);
      if (successMessage) await alert(successMessage);
    } catch {
      await alert(failureMessage);
    }
  };

  // A video with many comments takes seconds to go (docs/decisions/057-video-comments-deleted-in-slices.md).
  const busy = remove.isPending;
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={
        busy ? `Suppression de la vidéo ${video.title} en cours` : `Supprimer la vidéo ${video.title}`
      }
      aria-busy={busy}
      disabled={busy}
      onClick={() => void onDelete()}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : 'x'}
    </button>
  );
}
