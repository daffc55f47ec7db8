import { useState, type FormEvent } from 'react';
import { EMAIL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { Field } from '../../../components/ui/form/field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { prepareValidation, validate } from '../../../lib/validation.ts';
import { useAddCreator } from '../api/add-creator.ts';

const addCreatorSchema = () => import('@coulisses/domain/schemas/creators').then((m) => m.AddCreatorSchema);

/**
 * Makes an existing user a creator, by e-mail. The typed e-mail stays when it fails. `onAdded` lets
 * the page refresh what else shows creators, such as the subscribers list.
 */
export function AddCreatorForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const add = useAddCreator();
  const alert = useAlert();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await validate(addCreatorSchema, { email });
    if (!parsed.success) {
      await alert(parsed.issues[0]?.message ?? MESSAGES.emailRequired);
      return;
    }
    try {
      await add.mutateAsync(parsed.data);
      onAdded();
      setEmail('');
      await alert(MESSAGES.creatorAdded);
    } catch (error) {
      await alert(error instanceof ApiError ? error.message : MESSAGES.serverError);
    }
  };

  return (
    <form
      className="card form add-creator-form"
      noValidate
      onFocus={() => prepareValidation(addCreatorSchema)}
      onSubmit={(event) => void submit(event)}
    >
      <h2>Ajouter un créateur</h2>
      <Field
        label="E-mail de l’utilisateur"
        hint="La personne doit déjà avoir un compte. Sa page démarre active et non publiée."
        hintPlacement="above"
      >
        {(control) => (
          <div className="inline-form">
            <input
              {...control}
              type="email"
              value={email}
              maxLength={EMAIL_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => setEmail(event.target.value)}
            />
            <SubmitButton busy={add.isPending} busyLabel="Ajout…">
              Ajouter
            </SubmitButton>
          </div>
        )}
      </Field>
    </form>
  );
}
