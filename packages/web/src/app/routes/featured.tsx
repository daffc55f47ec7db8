import { RequireSuperadmin } from '../guards.tsx';
import { FeaturedManager } from '../../features/videos/components/featured-manager.tsx';

export function Component() {
  return (
    <RequireSuperadmin>
      <section className="page">
        <FeaturedManager />
      </section>
    </RequireSuperadmin>
  );
}
