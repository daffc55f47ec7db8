import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { formatFrenchDate, frenchDayToCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { quoted } from '@coulisses/domain/rules/quoted';
import {
  DISCOUNT_CODE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '@coulisses/domain/constants/limits';
import { ApiError } from '../../../lib/api-client.ts';
import { prepareValidation, validate } from '../../../lib/validation.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { TextField } from '../../../components/ui/form/field.tsx';
import { DateField } from '../../../components/ui/form/date-field.tsx';
import { ImageField } from '../../../components/ui/form/image-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useCreateDiscount } from '../api/create-discount.ts';
import { useEditDiscount } from '../api/edit-discount.ts';
import { useFormState } from '../../../components/ui/form/form-state.ts';
import { StaleFormNotice } from '../../../components/ui/form/stale-form-notice.tsx';
import { useUnsavedChanges } from '../../../components/ui/form/unsaved-changes.ts';
import { useReportProblem } from '../../../components/ui/form/report-problem.ts';
import { AddedNotice } from '../../../components/ui/form/added-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';

interface DiscountFormProps {
  /** The category picker, given by the page so this feature stays apart from the categories one. */
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
  /** The discount to edit, with what to do once saved or given up; without it the form adds one. */
  editing?: {
    discount: Discount;
    onDone: () => void;
    /** Fetches the discount's latest version, after someone else saved it meanwhile. */
    onReload: () => Promise<Discount | undefined>;
  };
}

const EMPTY = { title: '', link: '', code: '', start_date: '', end_date: '' };
type TextFields = typeof EMPTY;

const valuesOf = (discount: Discount) => ({
  fields: {
    title: discount.title,
    link: discount.link,
    code: discount.code,
    start_date: formatFrenchDate(discount.start_date),
    end_date: formatFrenchDate(discount.end_date),
  },
  categories: discount.categories,
  image: null,
});

const discountSchema = () =>
  import('@coulisses/domain/schemas/discounts').then((m) => m.DiscountCreateSchema);

const EMPTY_FORM = { fields: EMPTY, categories: [] as string[], image: null as File | null };
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
 * The add and edit discount form. The shared schema checks it before sending, with the spec's
 * messages; the server checks again. On failure everything typed stays. An add clears the form;
 * an edit goes back to where it came from, or, when someone saved meanwhile, offers to start
 * again from the latest version.
 */
export function DiscountForm({ renderCategories, editing }: DiscountFormProps) {
  const [opened, setOpened] = useState(editing?.discount);
  const form = useFormState<{ fields: TextFields; categories: string[]; image: File | null }>(
    opened ? valuesOf(opened) : EMPTY_FORM,
  );
  const { fields, categories, image } = form.values;
  const setCategories = (ids: string[]) => form.set('categories', ids);
  const setImage = (file: File | null) => form.set('image', file);
  const [progress, setProgress] = useState<number | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const [stale, setStale] = useState(false);
  const release = useUnsavedChanges(form.dirty);
  const create = useCreateDiscount();
  const edit = useEditDiscount();
  const submissionKey = useSubmissionKey();
  const alert = useAlert();
  const formRef = useRef<HTMLFormElement>(null);

  const report = useReportProblem();
  const [added, setAdded] = useState<string | null>(null);

  const startOver = () => {
    form.reset(EMPTY_FORM);
    setProgress(undefined);
    submissionKey.renew();
  };

  const reload = async () => {
    const latest = await editing?.onReload();
    if (!latest) return;
    setOpened(latest);
    form.reset(valuesOf(latest));
    setErrors({});
    setStale(false);
  };

  const send = async (input: TextFields & { categories: string[] }) => {
    if (!opened || !editing) {
      await create.mutateAsync({
        fields: input,
        image: image!,
        onProgress: setProgress,
        submissionKey: submissionKey.current(),
      });
      startOver();
      await alert(MESSAGES.discountAdded);
      setAdded(input.title.trim());
      return;
    }
    await edit.mutateAsync({
      id: opened.id,
      version: opened.version,
      fields: input,
      image,
      onProgress: setProgress,
    });
    release();
    editing.onDone();
    await alert(MESSAGES.discountSaved);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    // Days are typed JJ/MM/AAAA and travel as the API takes them, AAAA-MM-JJ.
    const input = {
      ...fields,
      start_date: frenchDayToCalendarDay(fields.start_date),
      end_date: frenchDayToCalendarDay(fields.end_date),
      categories,
    };
    const parsed = await validate(discountSchema, input);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.issues) found[String(issue.path[0] ?? '')] ??= issue.message;
    }
    if (!image && !opened) found.image = MESSAGES.discountFieldsMissing;
    const messages = Object.values(found);
    if (messages.length > 0) {
      setErrors(toFieldErrors(found));
      // A missing field is the spec's first complaint, whatever else is wrong.
      await report(
        formRef.current,
        messages.includes(MESSAGES.discountFieldsMissing)
          ? MESSAGES.discountFieldsMissing
          : (messages[0] ?? MESSAGES.invalidInput),
      );
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      await send(input);
    } catch (error) {
      setProgress(undefined);
      // 409 on an edit: saved by someone else meanwhile. On an add: an earlier copy of this very
      // form was added, so the form is done with.
      if (error instanceof ApiError && error.status === 409) {
        if (opened) setStale(true);
        else startOver();
        await alert(error.message);
      } else if (error instanceof ApiError) {
        setErrors(toFieldErrors(error.fields));
        await report(formRef.current, error.message);
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
      form.set('fields', { ...fields, [name]: event.target.value }),
  });

  const bindDay = (name: 'start_date' | 'end_date') => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (value: string) => form.set('fields', { ...fields, [name]: value }),
  });

  return (
    <>
      {added !== null && (
        <AddedNotice
          message={`${quoted(added)} est dans les discounts.`}
          listTo={`${paths.discounts}?q=${encodeURIComponent(added)}`}
          listLabel="Voir dans les discounts"
          anotherLabel="Ajouter un autre discount"
          onAnother={() => {
            setAdded(null);
            formRef.current?.querySelector('input')?.focus();
          }}
        />
      )}
      <form
        ref={formRef}
        className="form card discount-form"
        noValidate
        onFocus={() => prepareValidation(discountSchema)}
        onSubmit={(event) => void submit(event)}
      >
        {stale && <StaleFormNotice label="Recharger le discount" onReload={reload} />}
        <TextField label="Titre" required maxLength={TITLE_MAX_LENGTH} {...bind('title')} />
        <TextField
          label="Lien"
          type="url"
          required
          maxLength={URL_MAX_LENGTH}
          hint="L’adresse de l’offre, en http:// ou https://."
          {...bind('link')}
        />
        <TextField label="Code (optionnel)" maxLength={DISCOUNT_CODE_MAX_LENGTH} {...bind('code')} />
        <div className="discount-date-row">
          <DateField label="Date de début" required {...bindDay('start_date')} />
          <DateField label="Date de fin" required {...bindDay('end_date')} />
        </div>
        {renderCategories({ value: categories, onChange: setCategories, error: errors.categories })}
        <ImageField
          label="Image"
          name="image"
          hint={opened ? '900x600, facultatif : remplace l’image actuelle' : '900x600'}
          required={!opened}
          currentUrl={opened?.image_url}
          file={image}
          onChange={setImage}
          progress={progress}
          error={errors.image}
        />
        {editing ? (
          <div className="form-actions">
            <SubmitButton busy={edit.isPending} busyLabel="Enregistrement…">
              Enregistrer
            </SubmitButton>
            <button type="button" className="button" onClick={editing.onDone}>
              Annuler
            </button>
          </div>
        ) : (
          <SubmitButton busy={create.isPending} busyLabel="Envoi…">
            Ajouter le discount
          </SubmitButton>
        )}
      </form>
    </>
  );
}
