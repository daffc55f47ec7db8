import { AddVideoForm } from '../../features/videos/components/add-video-form.tsx';
import { AddVideoGate } from '../../features/videos/components/add-video-gate.tsx';

export function Component() {
  return (
    <section className="page add-video-page">
      <h1>Ajouter une vidéo</h1>
      <AddVideoGate>
        <AddVideoForm />
      </AddVideoGate>
    </section>
  );
}
