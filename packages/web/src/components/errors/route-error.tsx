import { MESSAGES } from '@coulisses/domain/messages';
import { ChunkLoadError } from '../../lib/lazy-route.tsx';

function isChunkFailure(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed/i.test(error.message))
  );
}

/** The error screen: a failed page download offers a reload, anything else a way back. */
export function RouteError({ error }: { error: unknown }) {
  if (isChunkFailure(error)) {
    return (
      <div className="error-screen" role="alert">
        <h1>Oups</h1>
        <p>{MESSAGES.chunkLoadFailed}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
      </div>
    );
  }
  return (
    <div className="error-screen" role="alert">
      <h1>{MESSAGES.unexpectedApplicationError}</h1>
      <p>Quelque chose s’est mal passé en affichant cette page.</p>
      <a className="button button-primary" href="/">
        Revenir à l’accueil
      </a>
      <button type="button" className="button" onClick={() => window.history.back()}>
        Page précédente
      </button>
    </div>
  );
}
