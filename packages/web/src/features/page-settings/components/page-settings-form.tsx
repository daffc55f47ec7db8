import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BIO_MAX_LENGTH, TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import {
  pageSettingsPatchSchema,
  SOCIAL_LINKS,
  type PageSettings,
  type SocialLinkField,
} from '@coulisses/domain/schemas/page';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth.tsx';
import { pageKeys } from '../api/page-keys.ts';
import { useSavePageSettings } from '../api/save-page-settings.ts';
import { AssistantScriptField, storedScriptError } from './assistant-script-field.tsx';
import { usePickedImages, type ImageName } from './use-picked-images.ts';

type TextField = 'title' | 'bio' | 'home_video_url' | 'lebavard_url' | SocialLinkField;
type TextValues = Record<TextField, string>;
type Errors = Partial<Record<TextField | ImageName, string>>;

/** What the form holds right now, before any save: for a live preview beside it. */
export interface PageDraft {
  values: TextValues;
  emailVisible: boolean;
  /** Local URLs of the images picked but not saved yet. */
  pickedImages: Record<ImageName, string | null>;
  saved: PageSettings;
}

function textValuesOf(page: PageSettings): TextValues {
  return {
    title: page.title,
    bio: page.bio,
    home_video_url: page.home_video_url,
    lebavard_url: page.lebavard_url,
    facebook_url: page.facebook_url,
    instagram_url: page.instagram_url,
    youtube_url: page.youtube_url,
    tiktok_url: page.tiktok_url,
    linkedin_url: page.linkedin_url,
  };
}

function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * The page settings form: saving merges what it holds into the page, as a draft if required fields
 * are still empty. Each filled field is checked with the shared schema before sending and again by
 * the server; on failure nothing typed or picked is lost.
 */
export function PageSettingsForm({
  page,
  renderAside,
}: {
  page: PageSettings;
  renderAside?: (draft: PageDraft) => ReactNode;
}) {
  const [values, setValues] = useState<TextValues>(() => textValuesOf(page));
  const [emailVisible, setEmailVisible] = useState(page.email_visible);
  const { picked, pick: setImage, clear: clearImages } = usePickedImages();
  const [progress, setProgress] = useState<number | undefined>();
  const [errors, setErrors] = useState<Errors>(() => {
    const stored = storedScriptError(page);
    return stored ? { lebavard_url: stored } : {};
  });
  const save = useSavePageSettings();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const id = useId();
  const patchSchema = useMemo(
    () => pageSettingsPatchSchema(page.assistant_script_hosts),
    [page.assistant_script_hosts],
  );

  const setValue = (name: TextField, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const horizontal = picked.horizontal?.file ?? null;
  const vertical = picked.vertical?.file ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = { ...values, email_visible: emailVisible };
    const parsed = patchSchema.safeParse(fields);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as TextField] ??= issue.message;
      setErrors(found);
      await alert(parsed.error.issues[0]?.message ?? MESSAGES.pageSaveFailed);
      return;
    }
    setErrors({});
    const uploading = horizontal || vertical;
    setProgress(uploading ? 0 : undefined);
    try {
      const saved = await save.mutateAsync({
        fields,
        horizontal,
        vertical,
        onProgress: uploading ? setProgress : undefined,
      });
      setValues(textValuesOf(saved));
      setEmailVisible(saved.email_visible);
      clearImages();
      await alert(MESSAGES.pageSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fields);
        await alert(error.message);
      } else if (error instanceof ApiError && error.status === 403) {
        await alert(error.message);
        // Suspended meanwhile: the page and the session show it once reloaded.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: pageKeys.settings }),
          queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
        ]);
      } else {
        await alert(MESSAGES.pageSaveFailed);
      }
    } finally {
      setProgress(undefined);
    }
  };

  const fieldIds = (name: string, hint?: boolean) => {
    const inputId = `${id}-${name}`;
    const error = errors[name as TextField];
    const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ');
    return { inputId, error, describedBy: describedBy || undefined };
  };

  const errorText = (inputId: string, error: string | undefined) =>
    error && (
      <p id={`${inputId}-error`} className="field-error">
        {error}
      </p>
    );

  const textInput = (
    name: TextField,
    label: string,
    options: { required?: boolean; type?: string; maxLength: number; hint?: string; placeholder?: string },
  ) => {
    const { inputId, error, describedBy } = fieldIds(name, !!options.hint);
    return (
      <div className="field" key={name}>
        <label htmlFor={inputId}>
          {label}
          {options.required && <RequiredMark />}
        </label>
        <input
          id={inputId}
          name={name}
          type={options.type ?? 'text'}
          inputMode={options.type === 'url' ? 'url' : undefined}
          value={values[name]}
          maxLength={options.maxLength}
          placeholder={options.placeholder}
          autoComplete="off"
          aria-required={options.required}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          onChange={(event) => setValue(name, event.target.value)}
        />
        {options.hint && (
          <p id={`${inputId}-hint`} className="field-hint">
            {options.hint}
          </p>
        )}
        {errorText(inputId, error)}
      </div>
    );
  };

  const bio = fieldIds('bio');
  const busy = save.isPending;

  const form = (
    <form
      className="form card page-settings-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => void submit(event)}
    >
      <p className="field-hint">
        Les champs marqués <span className="required-mark">*</span> sont requis pour publier ta page.
      </p>
      <div className="image-pair">
        <ImageField
          label="Image horizontale"
          name="horizontal"
          hint="900x600"
          required
          file={horizontal}
          onChange={setImage('horizontal')}
          currentUrl={page.hor_img_url ?? undefined}
          progress={horizontal ? progress : undefined}
          error={errors.horizontal}
        />
        <ImageField
          label="Image verticale"
          name="vertical"
          hint="600x900"
          required
          file={vertical}
          onChange={setImage('vertical')}
          currentUrl={page.ver_img_url ?? undefined}
          progress={vertical ? progress : undefined}
          error={errors.vertical}
        />
      </div>

      <AssistantScriptField
        value={values.lebavard_url}
        hosts={page.assistant_script_hosts}
        error={errors.lebavard_url}
        onChange={(value) => setValue('lebavard_url', value)}
      />

      {textInput('title', 'Titre de la page', { required: true, maxLength: TITLE_MAX_LENGTH })}

      <div className="field">
        <label htmlFor={bio.inputId}>Biographie</label>
        <textarea
          id={bio.inputId}
          name="bio"
          rows={5}
          maxLength={BIO_MAX_LENGTH}
          value={values.bio}
          aria-invalid={!!bio.error}
          aria-describedby={bio.describedBy}
          onChange={(event) => setValue('bio', event.target.value)}
        />
        {errorText(bio.inputId, bio.error)}
      </div>

      {textInput('home_video_url', 'Vidéo à la une', {
        required: true,
        type: 'url',
        maxLength: URL_MAX_LENGTH,
        hint: 'Un lien YouTube : youtube.com/watch?v=… ou youtu.be/…',
      })}

      <fieldset className="field-group">
        <legend>Tes réseaux (facultatif)</legend>
        {SOCIAL_LINKS.map(({ field, label }) =>
          textInput(field, `Lien ${label}`, {
            type: 'url',
            maxLength: URL_MAX_LENGTH,
            placeholder: 'https://…',
          }),
        )}
      </fieldset>

      <label className="checkbox">
        <input
          type="checkbox"
          name="email_visible"
          checked={emailVisible}
          onChange={(event) => setEmailVisible(event.target.checked)}
        />
        Afficher mon e-mail ({page.email}) sur ma page
      </label>

      <div className="form-actions">
        <button type="submit" className="button button-primary button-large" disabled={busy}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? 'Enregistrement...' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );

  if (!renderAside) return form;
  return (
    <div className="page-settings-layout">
      {form}
      <aside className="page-settings-aside">
        {renderAside({
          values,
          emailVisible,
          pickedImages: {
            horizontal: picked.horizontal?.url ?? null,
            vertical: picked.vertical?.url ?? null,
          },
          saved: page,
        })}
      </aside>
    </div>
  );
}
