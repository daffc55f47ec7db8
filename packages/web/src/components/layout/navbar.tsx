import { useState } from 'react';
import { paths } from '../../config/paths.ts';
import { useLogout, useUser } from '../../lib/auth.tsx';
import { Link, navigate, NavLink, useLocation } from '../../lib/router.tsx';
import { VideosMenu } from './videos-menu.tsx';

/** The header of spec section 2: the full menu when signed in, a lone 'Connexion' button otherwise. */
export function Navbar() {
  const user = useUser();
  const logout = useLogout();
  const location = useLocation();
  // Remembers where the menu was opened: navigating elsewhere closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;

  return (
    <header className="site-header">
      <nav className="navbar" aria-label="Navigation principale">
        <Link to={user ? paths.dashboard : paths.landing} className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Coulisses
        </Link>
        {user ? (
          <>
            <button
              type="button"
              className="button nav-toggle"
              aria-expanded={menuOpen}
              aria-controls="main-menu"
              onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
            >
              Menu
            </button>
            <ul id="main-menu" className={`nav-list${menuOpen ? ' open' : ''}`}>
              <li>
                <NavLink className="nav-link" to={paths.dashboard}>
                  Dashboard
                </NavLink>
              </li>
              <VideosMenu isSuperadmin={user.is_superadmin} />
              {user.is_superadmin && (
                <>
                  <li>
                    <NavLink className="nav-link" to={paths.discounts}>
                      Discounts
                    </NavLink>
                  </li>
                  <li>
                    <NavLink className="nav-link" to={paths.addDiscount}>
                      +discount
                    </NavLink>
                  </li>
                  <li>
                    <NavLink className="nav-link" to={paths.users}>
                      Abonnés
                    </NavLink>
                  </li>
                  <li>
                    <NavLink className="nav-link" to={paths.creators}>
                      Créateurs
                    </NavLink>
                  </li>
                  <li>
                    <NavLink className="nav-link" to={paths.journal}>
                      Journal
                    </NavLink>
                  </li>
                </>
              )}
              <li>
                <NavLink className="nav-link" to={paths.pageSettings}>
                  Page
                </NavLink>
              </li>
              <li>
                <NavLink className="nav-link" to={paths.myAccount}>
                  Mon compte
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  className="nav-link nav-logout"
                  disabled={logout.isPending}
                  onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login) })}
                >
                  Déconnexion
                </button>
              </li>
            </ul>
          </>
        ) : (
          <Link to={paths.login} className="button button-primary">
            Connexion
          </Link>
        )}
      </nav>
    </header>
  );
}
