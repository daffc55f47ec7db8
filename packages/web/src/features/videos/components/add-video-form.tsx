import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { videoFormProblem } from '@coulisses/domain/rules/video-form';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { TextField } from '../../../components/ui/form/field.tsx';
import { ImageField } from '../../../components/ui/form/image-field.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useAddVideo } from '../api/add-video.ts';

interface FormState {
  title: string;
  link: string;
  categories: string[];
  horizontal: File | null;
  vertical: File | null;
}

const EMPTY: FormState = { title: '', link: '', categories: [], horizontal: null, vertical: null };

/** What the server said, when it is about this form; otherwise the spec's generic failure. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 409, 413, 415].includes(error.status)) return error.message;
  return MESSAGES.videoAddFailed;
}

interface AddVideoFormProps {
  /** The category picker, given by the page so this feature stays apart from the categories one. */
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
  /** The server refused (403): the page may have been unpublished or the account suspended meanwhile. */
  onRefused: () => void;
}

/** Title, YouTube link, categories and both images; checked here, then again by the server. */
export function AddVideoForm({ renderCategories, onRefused }: AddVideoFormProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddVideo();
  const submissionKey = useSubmissionKey();
  const alert = useAlert();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)));
  };

  const startOver = () => {
    setForm(EMPTY);
    setErrors({});
    submissionKey.renew();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = videoFormProblem({
      title: form.title,
      link: form.link,
      categories: form.categories,
      hasHorizontal: !!form.horizontal,
      hasVertical: !!form.vertical,
    });
    if (problem || !form.horizontal || !form.vertical) {
      const message = problem?.message ?? MESSAGES.videoFieldsMissing;
      setErrors({ [problem?.field ?? 'horizontal']: message });
      await alert(message);
      return;
    }
    try {
      await add.mutateAsync({
        title: form.title.trim(),
        link: form.link.trim(),
        categories: form.categories,
        horizontal: form.horizontal,
        vertical: form.vertical,
        submissionKey: submissionKey.current(),
      });
      startOver();
      await alert(MESSAGES.videoAdded);
    } catch (error) {
      // 409: an earlier copy of this very form was added; the form is done with.
      if (error instanceof ApiError && error.status === 409) startOver();
      else if (error instanceof ApiError) {
        setErrors(error.fields);
        if (error.status === 403) onRefused();
      }
      await alert(failureMessage(error));
    }
  };

  return (
    <form className="form card add-video-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Titre"
        required
        error={errors.title}
        name="title"
        value={form.title}
        maxLength={TITLE_MAX_LENGTH}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextField
        label="Lien YouTube"
        required
        hint="Un lien youtu.be/… ou youtube.com/watch?v=…"
        error={errors.link}
        inputMode="url"
        name="link"
        value={form.link}
        maxLength={URL_MAX_LENGTH}
        placeholder="https://www.youtube.com/watch?v=…"
        onChange={(event) => set('link', event.target.value)}
      />
      {renderCategories({
        value: form.categories,
        onChange: (ids) => set('categories', ids),
        error: errors.categories,
      })}
      <div className="image-fields">
        <ImageField
          label="Image horizontale"
          name="horizontal"
          hint="900x600"
          required
          file={form.horizontal}
          onChange={(file) => set('horizontal', file)}
          progress={add.progress}
          error={errors.horizontal}
        />
        <ImageField
          label="Image verticale"
          name="vertical"
          hint="600x900"
          required
          file={form.vertical}
          onChange={(file) => set('vertical', file)}
          progress={add.progress}
          error={errors.vertical}
        />
      </div>
      <div>
        <SubmitButton className="button-large" busy={add.isPending} busyLabel="Envoi en cours...">
          Ajouter la vidéo
        </SubmitButton>
      </div>
    </form>
  );
}
