import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@coulisses/domain/constants/limits';
import { MESSAGES } from '@coulisses/domain/messages';
import { formatFileSize } from '@coulisses/domain/rules/number-format';
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
 * An image drop zone: the real file input covers it, so a click, a tap, the keyboard or a dropped
 * file all choose through the browser's own control. It shows the chosen file's name and size, an
 * immediate local preview (200 px wide) and the upload progress. A file over 15 Mo is refused here,
 * before anything is sent; the server makes the real, exact-size image and checks everything again.
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
  const [tooLarge, setTooLarge] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);
  const choose = (chosen: File | null) => {
    setTooLarge(!!chosen && chosen.size > UPLOAD_MAX_BYTES);
    if (chosen && chosen.size > UPLOAD_MAX_BYTES) {
      // Refused: the field is left empty rather than holding a file the server would refuse.
      if (inputRef.current) inputRef.current.value = '';
      setPreview(null);
      onChange(null);
      return;
    }
    setPreview(chosen ? { file: chosen, url: URL.createObjectURL(chosen) } : null);
    onChange(chosen);
  };
  const dragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    setDragging(false);
    const dropped = event.dataTransfer.files;
    if (dropped.length === 0) return;
    event.preventDefault();
    if (inputRef.current) inputRef.current.files = dropped;
    choose(dropped[0] ?? null);
  };
  // The parent owns the file: once it clears it (form reset), the preview goes too.
  const shown = file && preview?.file === file ? preview.url : currentUrl;
  const problem = tooLarge ? MESSAGES.imageTooLarge : error;
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field image-field">
      <label htmlFor={id}>
        {label}
        {hint && <span className="field-hint-inline"> ({hint})</span>}
        {required && <RequiredMark />}
      </label>
      <div
        className={`drop-zone${dragging ? ' drop-zone-over' : ''}${problem ? ' drop-zone-invalid' : ''}`}
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          ref={inputRef}
          id={id}
          className="drop-zone-input"
          name={name}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          aria-required={required}
          aria-invalid={!!problem}
          aria-describedby={describedBy}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <span className="drop-zone-action" aria-hidden="true">
          {file ? 'Changer d’image' : 'Choisir une image'}
        </span>
        <span className="drop-zone-text" aria-hidden="true">
          ou glisse-la ici
        </span>
        <span id={`${id}-hint`} className="drop-zone-file">
          {file ? `${file.name} · ${formatFileSize(file.size)}` : 'JPEG, PNG, WebP, HEIC… 15 Mo au plus'}
        </span>
      </div>
      {shown && <img className="image-preview" src={shown} alt={`Aperçu : ${label}`} width={200} />}
      {progress !== undefined && (
        <progress className="progress" max={1} value={progress} aria-label={`Envoi : ${label}`}>
          {Math.round(progress * 100)} %
        </progress>
      )}
      <FieldError id={`${id}-error`} error={problem} />
    </div>
  );
}
