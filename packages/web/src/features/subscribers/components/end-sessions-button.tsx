import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useConfirm } from '../../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useEndSessions } from '../api/end-sessions.ts';

/** Signs a user out of every device, for a lost phone; asks first, naming them. */
export function EndSessionsButton({ user }: { user: { id: string; email: string } }) {
  const end = useEndSessions();
  const confirm = useConfirm();
  const alert = useAlert();
  const onClick = async () => {
    const sure = await confirm({
      message: `Déconnecter ${user.email} de tous ses appareils ? Il devra se reconnecter partout, dans le back-office comme dans l’app.`,
      confirmLabel: 'Déconnecter',
      cancelLabel: 'Annuler',
    });
    if (!sure) return;
    try {
      await end.mutateAsync(user.id);
      await alert(`${user.email} est déconnecté de tous ses appareils.`);
    } catch (error) {
      await alert(
        error instanceof ApiError
          ? error.message
          : 'La déconnexion n’a pas marché. Réessaie dans un instant.',
      );
    }
  };
  return (
    <button
      type="button"
      className="button button-small"
      disabled={end.isPending}
      aria-label={`Déconnecter ${user.email} de tous ses appareils`}
      onClick={() => void onClick()}
    >
      Déconnecter partout
    </button>
  );
}
