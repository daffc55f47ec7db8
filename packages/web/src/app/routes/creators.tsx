import { RequireSuperadmin } from '../guards.tsx';
import { AddCreatorForm } from '../../features/creators/components/add-creator-form.tsx';
import { CreatorsTable } from '../../features/creators/components/creators-table.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page">
        <h1>Créateurs</h1>
        <AddCreatorForm />
        <CreatorsTable />
      </section>
    </RequireSuperadmin>
  );
}
