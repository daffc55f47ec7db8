import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { videoFormProblems } from '@coulisses/domain/rules/video-form';
import { quoted } from '@coulisses/domain/rules/quoted';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmissionKey } from '../../../lib/submission-key.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { useFormState } from '../../../components/ui/form/form-state.ts';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useUnsavedChanges } from '../../../components/ui/form/unsaved-changes.ts';
import { AddedNotice } from '../../../components/ui/form/added-notice.tsx';
import { useReportProblem } from '../../../components/ui/form/report-problem.ts';
import { paths } from '../../../config/paths.ts';
import { useAddVideo } from '../api/add-video.ts';
import { EMPTY_VIDEO_FORM, VideoFormFields } from './video-form-fields.tsx';

/** What the server said, when it is about this form; otherwise the spec's generic failure. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 409, 413, 415].includes(error.status)) return error.message;
  return MESSAGES.videoAddFailed;
}

/** Beside each field, a short word on what is missing; the alert box keeps the spec's whole sentence. */
function shortMessage(field: string, message: string): string {
  if (message !== MESSAGES.videoFieldsMissing) return message;
  if (field === 'categories') return MESSAGES.categoryRequired;
  if (field === 'horizontal' || field === 'vertical') return MESSAGES.imageRequired;
  return MESSAGES.fieldRequired;
}

interface AddVideoFormProps {
  /** The category picker, given by the page so this feature stays apart from the categories one. */
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
  /** The server refused (403): the page may have been unpublished or the account suspended meanwhile. */
  onRefused: () => void;
}

/** Title, YouTube link, categories and both images; checked here, then again by the server. */
export function AddVideoForm({ renderCategories, onRefused }: AddVideoFormProps) {
  const { values: form, set, errors, setErrors, reset, dirty } = useFormState(EMPTY_VIDEO_FORM);
  const add = useAddVideo();
  const submissionKey = useSubmissionKey();
  const alert = useAlert();
  const report = useReportProblem();
  const formRef = useRef<HTMLFormElement>(null);
  const [added, setAdded] = useState<string | null>(null);
  useUnsavedChanges(dirty);

  const startOver = () => {
    reset(EMPTY_VIDEO_FORM);
    submissionKey.renew();
  };

  const addAnother = () => {
    setAdded(null);
    formRef.current?.querySelector('input')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const problems = videoFormProblems({
      title: form.title,
      link: form.link,
      categories: form.categories,
      hasHorizontal: !!form.horizontal,
      hasVertical: !!form.vertical,
    });
    if (problems.length > 0 || !form.horizontal || !form.vertical) {
      setErrors(
        Object.fromEntries(problems.map(({ field, message }) => [field, shortMessage(field, message)])),
      );
      // A missing field is the spec's first complaint, whatever else is wrong.
      await report(formRef.current, problems[0]?.message ?? MESSAGES.videoFieldsMissing);
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
      const title = form.title.trim();
      startOver();
      await alert(MESSAGES.videoAdded);
      setAdded(title);
    } catch (error) {
      // 409: an earlier copy of this very form was added; the form is done with.
      if (error instanceof ApiError && error.status === 409) startOver();
      else if (error instanceof ApiError) {
        setErrors(error.fields);
        if (error.status === 403) onRefused();
      }
      await report(formRef.current, failureMessage(error));
    }
  };

  return (
    <>
      {added !== null && (
        <AddedNotice
          message={`${quoted(added)} est dans tes vidéos.`}
          listTo={`${paths.videos}?q=${encodeURIComponent(added)}`}
          listLabel="Voir dans Mes vidéos"
          anotherLabel="Ajouter une autre vidéo"
          onAnother={addAnother}
        />
      )}
      <form
        ref={formRef}
        className="form card add-video-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <VideoFormFields
          values={form}
          set={set}
          errors={errors}
          progress={add.progress}
          renderCategories={renderCategories}
        />
        <div>
          <SubmitButton className="button-large" busy={add.isPending} busyLabel="Envoi en cours…">
            Ajouter la vidéo
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
