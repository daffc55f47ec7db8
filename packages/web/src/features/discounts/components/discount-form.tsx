import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '@coulisses/domain/constants/limits';
import { ApiError } from '../../../lib/api-client.ts';
import { validate } from '../../../lib/validation.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { TextField } from '../../../components/ui/form/field.tsx';
import { ImageField } from '../../../components/ui/form/image-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useCreateDiscount } from '../api/create-discount.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';

interface DiscountFormProps {
  /** The category picker, given by the page so this feature stays apart from the categories one. */
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
}

const EMPTY = { title: '', link: '', code: '', start_date: '', end_date: '' };
type TextFields = typeof EMPTY;
type Errors = Partial<Record<keyof TextFields | 'categories' | 'image', string>>;

/**
 * Beside each field, a short word on what is missing; the alert box keeps the spec's whole sentence.
 */
function toFieldErrors(messages: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [field, message] of Object.entries(messages)) {
    const short =
      field === 'categories'
        ? MESSAGES.categoryRequired
        : field === 'image'
          ? MESSAGES.imageRequired
          : MESSAGES.fieldRequired;
    errors[field as keyof Errors] = message === MESSAGES.discountFieldsMissing ? short : message;
  }
  return errors;
}

/**
 * The add-discount form. The shared schema checks it before sending, with the spec's messages; the
 * server checks again. On success the form is cleared; on failure everything typed stays.
 */
export function DiscountForm({ renderCategories }: DiscountFormProps) {
  const [fields, setFields] = useState<TextFields>(EMPTY);
  const [categories, setCategories] = useState<string[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateDiscount();
  const submissionKey = useSubmissionKey();
  const alert = useAlert();
  const formRef = useRef<HTMLFormElement>(null);

  // Once the alert is closed, a keyboard user lands on the first field to fix. The closing dialog
  // gives focus back to the submit button first, hence the next task.
  const focusFirstInvalid = () =>
    setTimeout(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = invalid?.matches('input') ? invalid : invalid?.querySelector<HTMLElement>('input');
      target?.focus();
    });

  const startOver = () => {
    setFields(EMPTY);
    setCategories([]);
    setImage(null);
    setProgress(undefined);
    submissionKey.renew();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...fields, categories };
    const parsed = await validate(
      () => import('@coulisses/domain/schemas/discounts').then((m) => m.DiscountCreateSchema),
      input,
    );
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
    }
    if (!image) found.image = MESSAGES.discountFieldsMissing;
    const messages = Object.values(found);
    if (messages.length > 0) {
      setErrors(toFieldErrors(found));
      // A missing field is the spec's first complaint, whatever else is wrong.
      await alert(
        messages.includes(MESSAGES.discountFieldsMissing)
          ? MESSAGES.discountFieldsMissing
          : (messages[0] ?? MESSAGES.invalidInput),
      );
      focusFirstInvalid();
      return;
    }
    if (!image) return;
    setErrors({});
    setProgress(0);
    try {
      await create.mutateAsync({
        fields: input,
        image,
        onProgress: setProgress,
        submissionKey: submissionKey.current(),
      });
      startOver();
      await alert(MESSAGES.discountAdded);
    } catch (error) {
      setProgress(undefined);
      // 409: an earlier copy of this very form was added; the form is done with.
      if (error instanceof ApiError && error.status === 409) {
        startOver();
        await alert(error.message);
      } else if (error instanceof ApiError) {
        setErrors(toFieldErrors(error.fields));
        await alert(error.message);
        focusFirstInvalid();
      } else {
        await alert(MESSAGES.serverError);
      }
    }
  };

  /** What each text field of the form takes from its state. */
  const bind = (name: keyof TextFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form
      ref={formRef}
      className="form card discount-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Titre" required maxLength={TITLE_MAX_LENGTH} {...bind('title')} />
      <TextField
        label="Lien"
        type="url"
        required
        maxLength={URL_MAX_LENGTH}
        hint="L'adresse de l'offre, en http:// ou https://."
        {...bind('link')}
      />
      <TextField label="Code (optionnel)" maxLength={DISCOUNT_CODE_MAX_LENGTH} {...bind('code')} />
      <div className="discount-date-row">
        <TextField label="Date de début" type="date" required {...bind('start_date')} />
        <TextField label="Date de fin" type="date" required {...bind('end_date')} />
      </div>
      {renderCategories({ value: categories, onChange: setCategories, error: errors.categories })}
      <ImageField
        label="Image"
        name="image"
        hint="900x600"
        required
        file={image}
        onChange={setImage}
        progress={progress}
        error={errors.image}
      />
      <SubmitButton busy={create.isPending} busyLabel="Envoi...">
        Ajouter le discount
      </SubmitButton>
    </form>
  );
}
