import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/auth.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { Loading } from '../../components/ui/loading.tsx';

export function Component() {
  const { data: session, isPending } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from !== paths.login ? from : paths.dashboard;
  if (isPending) return <Loading />;
  if (session) return <Navigate to={target} replace />;
  return (
    <section className="page page-narrow">
      <h1>Connexion</h1>
      <p className="lead">L'espace réservé aux créateurs de contenu.</p>
      <LoginForm onSuccess={() => void navigate(paths.dashboard, { replace: true })} />
    </section>
  );
}
