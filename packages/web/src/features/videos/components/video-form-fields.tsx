import type { ReactNode } from 'react';
import { TITLE_MAX_LENGTH, URL_MAX_LENGTH } from '@coulisses/domain/constants/limits';
import type { MultiChoiceFieldProps } from '../../../components/ui/form/choice-field.ts';
import { TextField } from '../../../components/ui/form/field.tsx';
import { ImageField } from '../../../components/ui/form/image-field.tsx';

export interface VideoFormValues {
  title: string;
  link: string;
  categories: string[];
  /** A new image to send; null keeps the current one (edit) or is missing (add). */
  horizontal: File | null;
  vertical: File | null;
}

export const EMPTY_VIDEO_FORM: VideoFormValues = {
  title: '',
  link: '',
  categories: [],
  horizontal: null,
  vertical: null,
};

interface VideoFormFieldsProps {
  values: VideoFormValues;
  set: <K extends keyof VideoFormValues>(key: K, value: VideoFormValues[K]) => void;
  errors: Record<string, string>;
  /** Upload progress from 0 to 1 while sending. */
  progress?: number;
  /** The category picker, given by the page so this feature stays apart from the categories one. */
  renderCategories: (props: MultiChoiceFieldProps) => ReactNode;
  /** The saved images of the video being edited: each then optional to replace. */
  current?: { horizontal: string; vertical: string };
}

/** The fields of the add and edit forms: title, YouTube link, categories, both images. */
export function VideoFormFields({
  values,
  set,
  errors,
  progress,
  renderCategories,
  current,
}: VideoFormFieldsProps) {
  return (
    <>
      <TextField
        label="Titre"
        required
        error={errors.title}
        name="title"
        value={values.title}
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
        value={values.link}
        maxLength={URL_MAX_LENGTH}
        placeholder="https://youtu.be/…"
        onChange={(event) => set('link', event.target.value)}
      />
      {renderCategories({
        value: values.categories,
        onChange: (ids) => set('categories', ids),
        error: errors.categories,
      })}
      <div className="image-fields">
        <ImageField
          label="Image horizontale"
          name="horizontal"
          hint={current ? '900x600, facultatif : remplace l’image actuelle' : '900x600'}
          required={!current}
          file={values.horizontal}
          currentUrl={current?.horizontal}
          onChange={(file) => set('horizontal', file)}
          progress={progress}
          error={errors.horizontal}
        />
        <ImageField
          label="Image verticale"
          name="vertical"
          hint={current ? '600x900, facultatif : remplace l’image actuelle' : '600x900'}
          required={!current}
          file={values.vertical}
          currentUrl={current?.vertical}
          onChange={(file) => set('vertical', file)}
          progress={progress}
          error={errors.vertical}
        />
      </div>
    </>
  );
}
