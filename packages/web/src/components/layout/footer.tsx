import { Link } from '../../lib/router.tsx';
import { paths } from '../../config/paths.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

export function Footer() {
  const hydrated = useHydrated();
  return (
    <footer className="site-footer">
      {/* A prerendered page shows its build's year, which React would keep: drawn anew once hydrated. */}
      <p key={hydrated ? 'now' : 'built'} suppressHydrationWarning>
        © {new Date().getFullYear()} Coulisses. Tous droits réservés.
      </p>
      <p>
        Développé par{' '}
        <a href="https://coulisses.app" target="_blank" rel="noopener noreferrer">
          l’équipe Coulisses
        </a>
      </p>
      <nav aria-label="Informations légales">
        <Link to={paths.privacy}>Politique de confidentialité</Link>
        <Link to={paths.terms}>Conditions générales d’utilisation</Link>
      </nav>
    </footer>
  );
}
