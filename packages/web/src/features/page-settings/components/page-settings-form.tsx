import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  BIO_MAX_LENGTH,
  SCRIPT_CODE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { SOCIAL_LINKS, type SocialLinkField } from '@coulisses/domain/constants/social-links';
import { blankedOnLivePage } from '@coulisses/domain/rules/page-publish';
import type { PageSettings } from '@coulisses/domain/schemas/page';
import { useAlert } from '../../../components/ui/alert-box.tsx';
import { useReportProblem } from '../../../components/ui/form/report-problem.ts';
import { TextAreaField, TextField } from '../../../components/ui/form/field.tsx';
import { ImageField } from '../../../components/ui/form/image-field.tsx';
import { SaveBar } from '../../../components/ui/form/save-bar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { prepareValidation, validate } from '../../../lib/validation.ts';
import { useSavePageSettings } from '../api/save-page-settings.ts';
import { useUnsavedChanges } from '../../../components/ui/form/unsaved-changes.ts';
import { useRefreshPageStatus } from '../api/use-refresh-page-status.ts';
import { ASSISTANT_INFO_URL, storedScriptError } from './assistant-script.ts';

type TextName = 'title' | 'bio' | 'home_video_url' | 'lebavard_url' | SocialLinkField;
type TextValues = Record<TextName, string>;
type ImageName = 'horizontal' | 'vertical';
type Errors = Partial<Record<TextName | ImageName, string>>;

/** What the form holds right now, before any save: for a live preview beside it. */
export interface PageDraft {
  values: TextValues;
  emailVisible: boolean;
  /** Local URLs of the images picked but not saved yet. */
  pickedImages: Record<ImageName, string | null>;
  saved: PageSettings;
}

/** A file picked but not saved yet, with a local URL for previews, revoked once replaced. */
function usePickedImage() {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    const url = picked?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked]);
  const pick = (file: File | null) => setPicked(file && { file, url: URL.createObjectURL(file) });
  return [picked, pick] as const;
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
  // What the form showed when opened or last saved: leaving with anything else asks first.
  const [start, setStart] = useState(() => ({
    values: textValuesOf(page),
    emailVisible: page.email_visible,
  }));
  const [horizontalPick, pickHorizontal] = usePickedImage();
  const [verticalPick, pickVertical] = usePickedImage();
  const [progress, setProgress] = useState<number | undefined>();
  const [errors, setErrors] = useState<Errors>(() => {
    const stored = storedScriptError(page);
    return stored ? { lebavard_url: stored } : {};
  });
  const save = useSavePageSettings();
  const refreshPageStatus = useRefreshPageStatus();
  const alert = useAlert();
  const report = useReportProblem();

  const setValue = (name: TextName, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const horizontal = horizontalPick?.file ?? null;
  const vertical = verticalPick?.file ?? null;
  const dirty =
    !!horizontal ||
    !!vertical ||
    emailVisible !== start.emailVisible ||
    (Object.keys(values) as TextName[]).some((name) => values[name] !== start.values[name]);
  useUnsavedChanges(dirty);

  const pageSchema = () =>
    import('@coulisses/domain/schemas/page').then((m) =>
      m.pageSettingsPatchSchema(page.assistant_script_hosts),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const fields = { ...values, email_visible: emailVisible };
    const parsed = await validate(pageSchema, fields);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.issues) found[String(issue.path[0]) as TextName] ??= issue.message;
      setErrors(found);
      await report(element, parsed.issues[0]?.message ?? MESSAGES.pageSaveFailed);
      return;
    }
    const blanked = blankedOnLivePage({ is_live: page.is_live, ...values });
    if (Object.keys(blanked).length > 0) {
      setErrors(blanked);
      await report(element, MESSAGES.livePageTextsRequired);
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
      setStart({ values: textValuesOf(saved), emailVisible: saved.email_visible });
      pickHorizontal(null);
      pickVertical(null);
      await alert(MESSAGES.pageSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fields);
        await report(element, error.message);
      } else if (error instanceof ApiError && error.status === 403) {
        await alert(error.message);
        // Suspended meanwhile: the page and the session show it once reloaded.
        await refreshPageStatus();
      } else {
        await alert(MESSAGES.pageSaveFailed);
      }
    } finally {
      setProgress(undefined);
    }
  };

  /** What each text field of the form takes from its state. */
  const bind = (name: TextName) => ({
    name,
    value: values[name],
    error: errors[name],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  const busy = save.isPending;

  const form = (
    <form
      className="form card page-settings-form"
      noValidate
      aria-busy={busy}
      onFocus={() => prepareValidation(pageSchema)}
      onSubmit={(event) => void submit(event)}
    >
      {renderAside && (
        <a className="preview-jump" href="#page-preview">
          Voir l’aperçu de ta page
        </a>
      )}
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
          onChange={pickHorizontal}
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
          onChange={pickVertical}
          currentUrl={page.ver_img_url ?? undefined}
          progress={vertical ? progress : undefined}
          error={errors.vertical}
        />
      </div>

      <TextField label="Titre de la page" required maxLength={TITLE_MAX_LENGTH} {...bind('title')} />

      <TextField
        label="Vidéo à la une"
        required
        type="url"
        inputMode="url"
        maxLength={URL_MAX_LENGTH}
        hint="Un lien YouTube : youtube.com/watch?v=… ou youtu.be/…"
        {...bind('home_video_url')}
      />

      <TextAreaField label="Biographie" rows={5} maxLength={BIO_MAX_LENGTH} {...bind('bio')} />

      <fieldset className="field-group">
        <legend>Tes réseaux (facultatif)</legend>
        {SOCIAL_LINKS.map(({ field, label }) => (
          <TextField
            key={field}
            label={`Lien ${label}`}
            type="url"
            inputMode="url"
            maxLength={URL_MAX_LENGTH}
            placeholder="https://…"
            {...bind(field)}
          />
        ))}
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

      <TextAreaField
        label="Code du script de l’assistant IA (facultatif)"
        hint={
          <>
            Colle ici la balise &lt;script src=&quot;https://…&quot;&gt;&lt;/script&gt; fournie par le service
            d’assistant, hébergée sur {page.assistant_script_hosts.join(', ')} : l’app l’intègre à ta page.
            Elle n’est jamais exécutée ici.{' '}
            <a href={ASSISTANT_INFO_URL} target="_blank" rel="noopener noreferrer">
              En savoir plus sur l’assistant<span className="visually-hidden"> (nouvel onglet)</span>
            </a>
          </>
        }
        hintPlacement="above"
        className="code-input"
        rows={5}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={SCRIPT_CODE_MAX_LENGTH}
        {...bind('lebavard_url')}
      />

      <SaveBar dirty={dirty} busy={busy} />
    </form>
  );

  if (!renderAside) return form;
  return (
    <div className="page-settings-layout">
      {form}
      <aside className="page-settings-aside" id="page-preview" tabIndex={-1}>
        {renderAside({
          values,
          emailVisible,
          pickedImages: {
            horizontal: horizontalPick?.url ?? null,
            vertical: verticalPick?.url ?? null,
          },
          saved: page,
        })}
      </aside>
    </div>
  );
}
