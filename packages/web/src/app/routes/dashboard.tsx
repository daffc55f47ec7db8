import { useDashboardStats } from '../../features/stats/api/get-dashboard-stats.ts';
import { StatCard } from '../../features/stats/components/stat-card.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Activity } from '../../features/journal/components/activity.tsx';
import { FirstSteps } from '../../features/stats/components/first-steps.tsx';
import { usePageSettings } from '../../features/page-settings/api/get-page-settings.ts';
import { useUser } from '../../lib/auth.tsx';
import { missingForPublish } from '@coulisses/domain/rules/page-publish';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { paths } from '../../config/paths.ts';

const newCommentsNote = (count: number) =>
  count === 0
    ? 'Rien de nouveau depuis ta dernière visite'
    : `${formatCount(count)} ${count === 1 ? 'nouveau' : 'nouveaux'} depuis ta dernière visite`;

/** A creator's first steps, while some remain; a suspended creator's page says what applies instead. */
function CreatorFirstSteps({ videos }: { videos: number }) {
  const { data: page } = usePageSettings();
  if (!page || !page.is_active) return null;
  return (
    <FirstSteps
      pageComplete={missingForPublish(page).length === 0}
      pagePublished={page.is_live}
      hasVideos={videos > 0}
    />
  );
}

export function Component() {
  const { data: stats, isPending, isError, refetch } = useDashboardStats();
  const user = useUser();
  return (
    <section className="page">
      <h1>Tes stats</h1>
      {isPending && <Loading />}
      {isError && <LoadError message="Impossible de charger tes stats." onRetry={() => void refetch()} />}
      {stats && user && !user.is_superadmin && <CreatorFirstSteps videos={stats.own.videos} />}
      {stats && (
        <>
          {stats.platform && (
            <section aria-labelledby="platform-stats">
              <h2 id="platform-stats">La plateforme</h2>
              <dl className="stat-grid">
                <StatCard label="Utilisateurs" value={stats.platform.users} />
                <StatCard label="Vidéos" value={stats.platform.videos} />
                <StatCard label="Discounts" value={stats.platform.discounts} />
                <StatCard label="Vues" value={stats.platform.views} />
                <StatCard label="Clics" value={stats.platform.clicks} />
                <StatCard
                  label="Commentaires signalés"
                  value={stats.platform.reported_comments}
                  note={
                    stats.platform.reported_comments > 0 ? 'En attente de ta décision' : 'Rien à examiner'
                  }
                  to={{ path: paths.comments, label: 'Modérer' }}
                />
              </dl>
            </section>
          )}
          <section aria-labelledby="own-stats">
            <h2 id="own-stats">Toi</h2>
            <dl className="stat-grid">
              <StatCard label="Tes vidéos" value={stats.own.videos} />
              <StatCard label="Tes vues" value={stats.own.views} />
              <StatCard label="Tes clics" value={stats.own.clicks} />
              {!stats.platform && (
                <StatCard
                  label="Commentaires"
                  value={stats.own.comments}
                  note={newCommentsNote(stats.own.new_comments)}
                  to={{ path: paths.comments, label: 'Voir les commentaires' }}
                />
              )}
            </dl>
          </section>
        </>
      )}
      {user && !user.is_superadmin && <Activity />}
    </section>
  );
}
