import type { FormEvent } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../../../lib/auth.tsx';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { Field } from '../../../components/ui/form/field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';

/**
 * E-mail and password, both required; the server's refusal is shown in the alert box. The fields
 * are left to the browser (read when sent): on the prerendered page, what is typed before the app
 * runs stays there and is sent, where React would put a field's state back over it.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const alert = useAlert();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : '';
    };
    login.mutate(
      { email: text('email'), password: text('password') },
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
        {(control) => <input {...control} name="email" type="email" autoComplete="username" required />}
      </Field>
      <Field label="Mot de passe">
        {(control) => (
          <input {...control} name="password" type="password" autoComplete="current-password" required />
        )}
      </Field>
      <SubmitButton className="button-block" busy={login.isPending} busyLabel="Connexion…">
        Connexion
      </SubmitButton>
    </form>
  );
}
