import { MESSAGES } from '@coulisses/domain/messages';
import { RequireSuperadmin } from '../guards.tsx';
import { AllVideoList } from '../../features/videos/components/all-video-list.tsx';

export function Component() {
  return (
    <RequireSuperadmin deniedMessage={MESSAGES.accessDenied}>
      <section className="page">
        <h1>Toutes les vidéos</h1>
        <AllVideoList />
      </section>
    </RequireSuperadmin>
  );
}
