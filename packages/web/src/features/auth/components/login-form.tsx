import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../../../lib/auth.tsx';
import { useAlert } from '../../../components/ui/alert-box.tsx';

/** E-mail and password, both required; the server's refusal is shown in the alert box. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const alert = useAlert();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess,
        onError: (error) => void alert(error instanceof ApiError ? error.message : MESSAGES.loginFailed),
      },
    );
  };

  return (
    <form className="form card" onSubmit={submit}>
      <div className="field">
        <label htmlFor="login-email">E-mail</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">Mot de passe</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? 'Connexion...' : 'Connexion'}
      </button>
    </form>
  );
}
