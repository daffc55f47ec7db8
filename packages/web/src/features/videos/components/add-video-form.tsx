import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@coulisses/domain/messages';
import { TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { videoFormProblem } from '@coulisses/domain/schemas/videos';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';
import { sessionKeys } from '../../../lib/auth.tsx';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { CategoryPicker } from '../../categories/components/category-picker.tsx';
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

/** Title, YouTube link, categories and both images; checked here, then again by the server. */
export function AddVideoForm() {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddVideo();
  const submissionKey = useSubmissionKey();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const titleId = useId();
  const linkId = useId();
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
        // The page may have been unpublished meanwhile: the gate above shows it once the session reloads.
        if (error.status === 403) void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
      }
      await alert(failureMessage(error));
    }
  };

  const busy = add.isPending;
  return (
    <form className="form card add-video-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={titleId}>
          Titre
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={titleId}
          type="text"
          name="title"
          value={form.title}
          maxLength={TITLE_MAX_LENGTH}
          aria-required="true"
          aria-invalid={!!errors.title}
          aria-describedby={errors.title ? `${titleId}-error` : undefined}
          onChange={(event) => set('title', event.target.value)}
        />
        {errors.title && (
          <p id={`${titleId}-error`} className="field-error">
            {errors.title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={linkId}>
          Lien YouTube
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={linkId}
          type="text"
          inputMode="url"
          name="link"
          value={form.link}
          maxLength={URL_MAX_LENGTH}
          placeholder="https://www.youtube.com/watch?v=…"
          aria-required="true"
          aria-invalid={!!errors.link}
          aria-describedby={`${linkId}-hint${errors.link ? ` ${linkId}-error` : ''}`}
          onChange={(event) => set('link', event.target.value)}
        />
        <p id={`${linkId}-hint`} className="field-hint">
          Un lien youtu.be/… ou youtube.com/watch?v=…
        </p>
        {errors.link && (
          <p id={`${linkId}-error`} className="field-error">
            {errors.link}
          </p>
        )}
      </div>
      <CategoryPicker
        kind="video"
        required
        value={form.categories}
        onChange={(ids) => set('categories', ids)}
        error={errors.categories}
      />
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
        <button type="submit" className="button button-primary button-large" disabled={busy} aria-busy={busy}>
          {busy ? 'Envoi en cours...' : 'Ajouter la vidéo'}
        </button>
      </div>
    </form>
  );
}
