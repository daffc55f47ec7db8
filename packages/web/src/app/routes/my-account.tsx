import { useUser } from '../../lib/auth.tsx';
import { PasswordForm } from '../../features/my-account/components/password-form.tsx';

export function Component() {
  const user = useUser();
  return (
    <section className="page my-account-page">
      <h1>Mon compte</h1>
      {user && (
        <p className="lead">
          Tu es connecté avec <strong>{user.email}</strong>.
        </p>
      )}
      <PasswordForm />
    </section>
  );
}
