import { RequireSuperadmin } from '../guards.tsx';
import { AddCreatorForm } from '../../features/creators/components/add-creator-form.tsx';
import { CreatorsTable } from '../../features/creators/components/creators-table.tsx';
import { useRefreshSubscribers } from '../../features/subscribers/api/get-subscribers.ts';

export function Component() {
  const refreshSubscribers = useRefreshSubscribers();
  return (
    <RequireSuperadmin>
      <section className="page">
        <h1>Créateurs</h1>
        <AddCreatorForm onAdded={() => void refreshSubscribers()} />
        <CreatorsTable />
      </section>
    </RequireSuperadmin>
  );
}
