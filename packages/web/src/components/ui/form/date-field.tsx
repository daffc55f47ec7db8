import { maskFrenchDay } from '@coulisses/domain/rules/discount-dates';
import { TextField } from './field.tsx';

interface DateFieldProps {
  label: string;
  name: string;
  required?: boolean;
  /** As typed, JJ/MM/AAAA. */
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * A day typed JJ/MM/AAAA, the slashes put in while typing. Not a date input: Chromium shows those
 * in the browser's own language (mm/dd/yyyy on an English system), and the spec's users read
 * French dates whatever their system.
 */
export function DateField({ label, name, required, value, error, onChange }: DateFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      required={required}
      value={value}
      error={error}
      hint="JJ/MM/AAAA"
      placeholder="JJ/MM/AAAA"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      onChange={(event) => onChange(maskFrenchDay(event.target.value))}
    />
  );
}
