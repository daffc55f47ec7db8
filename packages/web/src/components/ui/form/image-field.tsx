import { useEffect, useId, useRef, useState } from 'react';
import { FieldError, RequiredMark } from './field-error.tsx';

interface ImageFieldProps {
  label: string;
  name: string;
  /** Shown beside the label, e.g. '900x600'. */
  hint?: string;
  required?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  /** An image already saved on the server, shown until a new file is chosen. */
  currentUrl?: string;
  /** Upload progress from 0 to 1 while sending, undefined otherwise. */
  progress?: number;
  error?: string;
}

/**
 * An image input with an immediate local preview (200 px wide) and an upload progress bar.
 * The preview never leaves the browser: the server makes the real, exact-size image.
 */
export function ImageField({
  label,
  name,
  hint,
  required,
  file,
  onChange,
  currentUrl,
  progress,
  error,
}: ImageFieldProps) {
  const id = useId();
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);
  const choose = (chosen: File | null) => {
    setPreview(chosen ? { file: chosen, url: URL.createObjectURL(chosen) } : null);
    onChange(chosen);
  };
  // The parent owns the file: once it clears it (form reset), the preview goes too.
  const shown = file && preview?.file === file ? preview.url : currentUrl;
  return (
    <div className="field image-field">
      <label htmlFor={id}>
        {label}
        {hint && <span className="field-hint-inline"> ({hint})</span>}
        {required && <RequiredMark />}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept="image/*"
        aria-required={required}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {shown && <img className="image-preview" src={shown} alt={`Aperçu : ${label}`} width={200} />}
      {progress !== undefined && (
        <progress className="progress" max={1} value={progress} aria-label={`Envoi : ${label}`}>
          {Math.round(progress * 100)} %
        </progress>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
