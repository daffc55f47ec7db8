import { useId, useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { AddCreatorSchema } from '@coulisses/domain/schemas/creators';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAddCreator } from '../api/add-creator.ts';

/** Makes an existing user a creator, by e-mail. The typed e-mail stays when it fails. */
export function AddCreatorForm() {
  const [email, setEmail] = useState('');
  const add = useAddCreator();
  const alert = useAlert();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddCreatorSchema.safeParse({ email });
    if (!parsed.success) {
      await alert(parsed.error.issues[0]?.message ?? MESSAGES.emailRequired);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      setEmail('');
      await alert(MESSAGES.creatorAdded);
    } catch (error) {
      await alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    }
  };

  return (
    <form className="card form add-creator-form" noValidate onSubmit={(event) => void submit(event)}>
      <h2>Ajouter un créateur</h2>
      <div className="field">
        <label htmlFor={id}>E-mail de l'utilisateur</label>
        <p id={`${id}-hint`} className="field-hint">
          La personne doit déjà avoir un compte. Sa page démarre active et non publiée.
        </p>
        <div className="inline-form">
          <input
            id={id}
            type="email"
            value={email}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {add.isPending ? 'Ajout...' : 'Ajouter'}
          </button>
        </div>
      </div>
    </form>
  );
}
