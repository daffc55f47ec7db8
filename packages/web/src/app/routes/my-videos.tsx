import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../lib/auth.tsx';
import { CategoryList } from '../../features/categories/components/category-list.tsx';
import { useCategoryLabels } from '../../features/categories/api/category-labels.ts';
import { MyVideoList } from '../../features/videos/components/my-video-list.tsx';

export function Component() {
  const user = useUser();
  const describeCategories = useCategoryLabels('video');
  return (
    <section className="page">
      <div className="page-header">
        <h1>Mes vidéos</h1>
        <Link className="button button-primary" to={paths.addVideo}>
          Ajouter une vidéo
        </Link>
      </div>
      <CategoryList kind="video" editable={!!user?.is_superadmin} />
      <MyVideoList describeCategories={describeCategories} />
    </section>
  );
}
