import { RequireSuperadmin } from '../guards.tsx';
import { AddCreatorForm } from '../../features/creators/components/add-creator-form.tsx';
import { CreatorsTable } from '../../features/creators/components/creators-table.tsx';
import { useRefreshSubscribers } from '../../features/subscribers/api/get-subscribers.ts';
import { EndSessionsButton } from '../../features/subscribers/components/end-sessions-button.tsx';

export function Component() {
  const refreshSubscribers = useRefreshSubscribers();
  return (
    <RequireSuperadmin>
      <section className="page">
        <h1>Créateurs</h1>
        <AddCreatorForm onAdded={() => void refreshSubscribers()} />
        <CreatorsTable moreActions={(creator) => <EndSessionsButton user={creator} />} />
      </section>
    </RequireSuperadmin>
  );
}
