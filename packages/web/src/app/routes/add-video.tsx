import { CategoryPicker } from '../../features/categories/components/category-picker.tsx';
import { useRefreshPageStatus } from '../../features/page-settings/api/use-refresh-page-status.ts';
import { LivePageGate } from '../../features/page-settings/components/live-page-gate.tsx';
import { AddVideoForm } from '../../features/videos/components/add-video-form.tsx';

export function Component() {
  const refreshPageStatus = useRefreshPageStatus();
  return (
    <section className="page add-video-page">
      <h1>Ajouter une vidéo</h1>
      <LivePageGate>
        <p className="lead">
          Les champs marqués d’une * sont obligatoires. Les images sont recadrées en 900x600 et 600x900.
        </p>
        <AddVideoForm
          renderCategories={(props) => <CategoryPicker kind="video" required {...props} />}
          onRefused={() => void refreshPageStatus()}
        />
      </LivePageGate>
    </section>
  );
}
