import { paths } from '../../config/paths.ts';
import { useUser } from '../../lib/auth.tsx';
import { goBack, useRouteParams } from '../../lib/router.tsx';
import { ItemLoadError } from '../../components/ui/load-error.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { CategoryPicker } from '../../features/categories/components/category-picker.tsx';
import { useVideo } from '../../features/videos/api/get-video.ts';
import { EditVideoForm } from '../../features/videos/components/edit-video-form.tsx';

export function Component() {
  const { id = '' } = useRouteParams(paths.editVideo);
  const user = useUser();
  const video = useVideo(id);
  const list = video.data && video.data.creatorId !== user?.id ? paths.allVideos : paths.videos;
  return (
    <section className="page add-video-page">
      <h1>Modifier la vidéo</h1>
      {video.isPending ? (
        <Loading />
      ) : video.isError ? (
        <ItemLoadError error={video.error} onRetry={() => void video.refetch()} list={paths.videos} />
      ) : (
        <>
          <p className="lead">
            Change ce qui doit l’être : la vidéo garde sa place dans les listes et ses vues. Une image choisie
            remplace l’actuelle, recadrée en 900x600 ou 600x900.
          </p>
          <EditVideoForm
            key={video.data.id}
            video={video.data}
            renderCategories={(props) => <CategoryPicker kind="video" required {...props} />}
            onDone={() => goBack(list)}
            onReload={async () => (await video.refetch()).data}
          />
        </>
      )}
    </section>
  );
}
