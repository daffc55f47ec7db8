import type { FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import type { PasswordChange } from '@coulisses/domain/schemas/my-account';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { TextField } from '../../../components/ui/form/field.tsx';
import { useFormState } from '../../../components/ui/form/form-state.ts';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useUnsavedChanges } from '../../../components/ui/form/unsaved-changes.ts';
import { useReportProblem } from '../../../components/ui/form/report-problem.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { prepareValidation, validate } from '../../../lib/validation.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: PasswordChange = { current: '', password: '', confirmation: '' };

const passwordChangeSchema = () =>
  import('@coulisses/domain/schemas/my-account').then((m) => m.PasswordChangeSchema);

/**
 * The current password, then the new one twice. Each problem shows at its field; the typed
 * passwords stay when the server refuses, and are cleared once the change is saved.
 */
export function PasswordForm() {
  const form = useFormState(EMPTY);
  const { values, errors } = form;
  const change = useChangePassword();
  const alert = useAlert();
  const release = useUnsavedChanges(form.dirty);

  const report = useReportProblem();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const fail = async (fields: Record<string, string>, message: string) => {
      form.setErrors(fields);
      await report(element, message);
    };
    const parsed = await validate(passwordChangeSchema, values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
      await fail(found, parsed.issues[0]?.message ?? MESSAGES.serverError);
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      release();
      form.reset(EMPTY);
      await alert(MESSAGES.passwordChanged);
    } catch (error) {
      if (error instanceof ApiError) await fail(error.fields, error.message);
      else await alert(MESSAGES.serverError);
    }
  };

  return (
    <form
      className="card form"
      noValidate
      onFocus={() => prepareValidation(passwordChangeSchema)}
      onSubmit={(event) => void submit(event)}
    >
      <h2>Changer de mot de passe</h2>
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.current}
        error={errors.current}
        onChange={(event) => form.set('current', event.target.value)}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        hint={`Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères. Tes autres appareils seront déconnectés.`}
        value={values.password}
        error={errors.password}
        onChange={(event) => form.set('password', event.target.value)}
      />
      <TextField
        label="Confirme le nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmation}
        error={errors.confirmation}
        onChange={(event) => form.set('confirmation', event.target.value)}
      />
      <div className="form-actions">
        <SubmitButton busy={change.isPending} busyLabel="Enregistrement…">
          Changer le mot de passe
        </SubmitButton>
      </div>
    </form>
  );
}
