import { MESSAGES } from '@coulisses/domain/messages';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePublishPage } from '../api/publish-page.ts';

/**
 * 'Publier' / 'Dépublier', above the form. Publishing takes the page as last saved; the server
 * answers the spec's message when a required field is missing.
 */
export function PublishControl({ isLive }: { isLive: boolean }) {
  const publish = usePublishPage();
  const alert = useAlert();

  const toggle = async () => {
    const live = !isLive;
    try {
      await publish.mutateAsync(live);
      await alert(live ? MESSAGES.pagePublished : MESSAGES.pageUnpublished);
    } catch (error) {
      // Missing fields and a suspended account have their own words; anything else is the spec's failure.
      const known = error instanceof ApiError && (error.status === 400 || error.status === 403);
      await alert(known ? error.message : MESSAGES.publishFailed);
    }
  };

  return (
    <div className={`card publish-control ${isLive ? 'is-live' : ''}`}>
      <p className="publish-status" role="status">
        <span className={`status-badge ${isLive ? 'status-active' : 'status-draft'}`}>
          {isLive ? 'EN LIGNE' : 'NON PUBLIÉE'}
        </span>{' '}
        {isLive
          ? 'Ta page est visible dans l’app, avec tes vidéos.'
          : 'Ta page et tes vidéos ne sont pas visibles dans l’app.'}
      </p>
      <button
        type="button"
        className={`button ${isLive ? '' : 'button-primary'}`}
        disabled={publish.isPending}
        aria-busy={publish.isPending}
        onClick={() => void toggle()}
      >
        {isLive ? 'Dépublier' : 'Publier'}
      </button>
    </div>
  );
}
