import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { useUser } from '../../lib/auth.tsx';
import { usePublicConfig } from '../../features/landing/api/get-public-config.ts';
import { AppMockup } from '../../features/landing/components/app-mockup.tsx';

const BLURBS = [
  {
    title: 'Le contenu de tes créateurs, rangé par catégorie',
    text: 'Retrouve les vidéos de tes créateurs préférés, classées par thème, pour trouver tout de suite ce qui te plaît.',
  },
  {
    title: 'Commente leurs posts',
    text: 'Réagis, pose tes questions et échange directement sous les publications des créateurs.',
  },
  {
    title: 'Des offres et des réductions exclusives',
    text: 'Profite de codes promo et d’avantages réservés aux membres de l’app.',
  },
];

export function Component() {
  const { data: config } = usePublicConfig();
  const user = useUser();
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero-text">
          <h1>Bienvenue dans les coulisses</h1>
          <p className="hero-lead">
            L’app qui rassemble les vidéos de tes créateurs préférés, leurs bons plans et une communauté qui
            commente tout. Créateur ? C’est ici que tu gères tes vidéos et ta page.
          </p>
          <div className="hero-actions">
            <a
              className="button button-primary button-large"
              href={config?.appStoreUrl ?? '#'}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!config}
            >
              Télécharger l’app
            </a>
            <Link className="button button-large" to={user ? paths.dashboard : paths.login}>
              {user ? 'Aller à mon espace' : 'Espace créateurs'}
            </Link>
          </div>
        </div>
        <AppMockup />
      </section>
      <section className="blurbs" aria-label="Ce que propose l’app">
        {BLURBS.map((blurb) => (
          <article key={blurb.title} className="card blurb">
            <h2>{blurb.title}</h2>
            <p>{blurb.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
