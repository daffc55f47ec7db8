import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@coulisses/domain/messages';
import { videoFormProblem } from '@coulisses/domain/rules/video-form';
import type { Video } from '@coulisses/domain/schemas/videos';
import { ApiError } from '../../../lib/api-client.ts';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useReportProblem } from '../../../components/ui/form/report-problem.ts';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { useFormState } from '../../../components/ui/form/form-state.ts';
import { StaleFormNotice } from '../../../components/ui/form/stale-form-notice.tsx';
import { SubmitButton } from '../../../components/ui/form/submit-button.tsx';
import { useUnsavedChanges } from '../../../components/ui/form/unsaved-changes.ts';
import { useEditVideo } from '../api/edit-video.ts';
import { VideoFormFields, type VideoFormValues } from './video-form-fields.tsx';

const valuesOf = (video: Video): VideoFormValues => ({
  title: video.title,
  link: video.video_url,
  categories: video.categories,
  horizontal: null,
  vertical: null,
});

interface EditVideoFormProps {
  video: Video;
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
  /** Leaves the form: saved, or given up. */
  onDone: () => void;
  /** Fetches the video's latest version, after someone else saved it meanwhile. */
  onReload: () => Promise<Video | undefined>;
}

/**
 * Corrects a video: the add form's fields, filled in, each image optional to replace. A save
 * names the version the form was opened at; when someone saved meanwhile, nothing is overwritten
 * and the form offers to start again from the latest version.
 */
export function EditVideoForm({ video, renderCategories, onDone, onReload }: EditVideoFormProps) {
  const [opened, setOpened] = useState(video);
  const { values, set, errors, setErrors, reset, dirty } = useFormState(valuesOf(video));
  const [stale, setStale] = useState(false);
  const save = useEditVideo();
  const alert = useAlert();
  const report = useReportProblem();
  const release = useUnsavedChanges(dirty);

  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    setOpened(latest);
    reset(valuesOf(latest));
    setStale(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const problem = videoFormProblem({ ...values, hasHorizontal: true, hasVertical: true });
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      await report(element, problem.message);
      return;
    }
    try {
      await save.mutateAsync({
        id: opened.id,
        version: opened.version,
        title: values.title.trim(),
        link: values.link.trim(),
        categories: values.categories,
        horizontal: values.horizontal,
        vertical: values.vertical,
      });
      release();
      onDone();
      await alert(MESSAGES.videoSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setStale(true);
      else if (error instanceof ApiError) setErrors(error.fields);
      await report(
        element,
        error instanceof ApiError && error.status !== 500 ? error.message : MESSAGES.serverError,
      );
    }
  };

  return (
    <form className="form card add-video-form" noValidate onSubmit={(event) => void submit(event)}>
      {stale && <StaleFormNotice label="Recharger la vidéo" onReload={reload} />}
      <VideoFormFields
        values={values}
        set={set}
        errors={errors}
        progress={save.progress}
        renderCategories={renderCategories}
        current={{ horizontal: opened.hor_img_url, vertical: opened.ver_img_url }}
      />
      <div className="form-actions">
        <SubmitButton className="button-large" busy={save.isPending} busyLabel="Enregistrement…">
          Enregistrer
        </SubmitButton>
        <button type="button" className="button button-large" onClick={onDone}>
          Annuler
        </button>
      </div>
    </form>
  );
}
