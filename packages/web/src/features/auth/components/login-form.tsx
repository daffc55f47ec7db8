import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../../../lib/auth.tsx';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { Field } from '../../../components/ui/form/field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';

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
      {/* Natively required, without the mark: the browser itself stops an empty sign-in. */}
      <Field label="E-mail">
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="Mot de passe">
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
      <SubmitButton className="button-block" busy={login.isPending} busyLabel="Connexion…">
        Connexion
      </SubmitButton>
    </form>
  );
}
