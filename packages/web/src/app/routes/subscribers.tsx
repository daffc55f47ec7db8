import { RequireSuperadmin } from '../guards.tsx';
import { SubscribersTable } from '../../features/subscribers/components/subscribers-table.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page">
        <h1>Abonnés</h1>
        <SubscribersTable />
      </section>
    </RequireSuperadmin>
  );
}
