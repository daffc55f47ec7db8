import { useDeferredValue, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { paths } from '../config/paths.ts';
import { ApiError } from '../lib/api-client.ts';
import { useSession } from '../lib/auth.tsx';
import { Link, Redirect, useLocation } from '../lib/router.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { LoadError } from '../components/ui/load-error.tsx';

/**
 * No signed-in user: off to /login. The server enforces the same on every call. A check that could
 * not be made (network, server error) is not a "no": it says so and offers to try again.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  // Deferred: when the answer comes before the page's code, the loading state stays until the code
  // is there too. Otherwise the page suspends, the layout shows its own loading state, and React
  // keeps that one at least 300 ms even once the code is in.
  const { data: session, isPending, isFetching, error, refetch } = useDeferredValue(useSession());
  const location = useLocation();
  if (isPending || (error && isFetching)) return <Loading />;
  if (error && !session) {
    return (
      <section className="page">
        <h1>Oups</h1>
        <LoadError
          message={error instanceof ApiError ? error.message : MESSAGES.serverError}
          onRetry={() => void refetch()}
        />
      </section>
    );
  }
  if (!session) return <Redirect to={paths.login} state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Superadmin pages: anyone else sees the spec's refusal (the server answers 403 anyway). */
export function RequireSuperadmin({
  children,
  deniedMessage = MESSAGES.noAccess,
}: {
  children: ReactNode;
  deniedMessage?: string;
}) {
  const { data: session } = useSession();
  if (!session?.user.is_superadmin) {
    return (
      <section className="page">
        <p className="notice notice-error" role="alert">
          {deniedMessage}
        </p>
        <p>
          <Link to={paths.dashboard} className="button">
            Retour au dashboard
          </Link>
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
