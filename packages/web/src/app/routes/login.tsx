import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth.tsx';
import { navigate, Redirect, useLocation } from '../../lib/router.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { Loading } from '../../components/ui/loading.tsx';

export function Component() {
  const { data: session, isPending } = useSession();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from !== paths.login ? from : paths.dashboard;
  if (session) return <Redirect to={target} />;
  return (
    <section className="page page-narrow">
      {/* 'Connexion' is already the menu's button and the form's (spec section 2): the page says what it opens. */}
      <h1>Espace créateurs</h1>
      <p className="lead">
        Réservé aux créateurs de contenu : connecte-toi pour gérer tes vidéos, ta page et tes stats.
      </p>
      {isPending ? <Loading /> : <LoginForm onSuccess={() => navigate(paths.dashboard, { replace: true })} />}
    </section>
  );
}
