import { formatCountOf } from '@coulisses/domain/rules/number-format';
import { RequireSuperadmin } from '../guards.tsx';
import { useDashboardStats } from '../../features/stats/api/get-dashboard-stats.ts';
import { SubscribersTable } from '../../features/subscribers/components/subscribers-table.tsx';

// Inside the guard: only the superadmin's stats carry the platform's count of subscribers.
function SubscribersPage() {
  const { data: stats } = useDashboardStats();
  const total = stats?.platform?.users;
  return (
    <section className="page">
      <div className="page-header">
        <h1>Abonnés</h1>
        {total !== undefined && <p className="page-count">{formatCountOf(total, 'abonné', 'abonnés')}</p>}
      </div>
      <SubscribersTable />
    </section>
  );
}

export function Component() {
  return (
    <RequireSuperadmin>
      <SubscribersPage />
    </RequireSuperadmin>
  );
}
