import { RequireSuperadmin } from '../guards.tsx';
import { UsersTable } from '../../features/users/components/users-table.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page">
        <h1>Abonnés</h1>
        <UsersTable />
      </section>
    </RequireSuperadmin>
  );
}
