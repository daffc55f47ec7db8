import { AddVideoForm } from '../../features/videos/components/add-video-form.tsx';
import { AddVideoGate } from '../../features/videos/components/add-video-gate.tsx';

export function Component() {
  return (
    <section className="page add-video-page">
      <h1>Ajouter une vidéo</h1>
      <AddVideoGate>
        <p className="lead">
          Les champs marqués d'une * sont obligatoires. Les images sont recadrées en 900x600 et 600x900.
        </p>
        <AddVideoForm />
      </AddVideoGate>
    </section>
  );
}
