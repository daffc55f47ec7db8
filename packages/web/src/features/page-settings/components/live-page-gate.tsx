import { useEffect, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { MESSAGES } from '@coulisses/domain/messages';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../../lib/auth.tsx';
import { useRefreshPageStatus } from '../api/use-refresh-page-status.ts';

/**
 * Videos can be added only while the creator's page is published and the account active; otherwise
 * this says why, with the way to the page settings. The server refuses the same on its side.
 */
export function LivePageGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const refreshPageStatus = useRefreshPageStatus();
  // The page may have been published in another tab since the session was read.
  useEffect(() => {
    void refreshPageStatus();
  }, [refreshPageStatus]);
  const creator = user?.creator;
  if (creator?.is_live && creator.is_active) return <>{children}</>;
  return (
    <div className="notice live-page-gate" role="status">
      <p>{creator && !creator.is_active ? MESSAGES.accountSuspended : MESSAGES.pageNotLiveForVideos}</p>
      <p>
        <Link to={paths.pageSettings}>Aller aux réglages de ma page</Link>
      </p>
    </div>
  );
}
