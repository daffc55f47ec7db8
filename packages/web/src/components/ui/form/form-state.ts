import { useState } from 'react';

type Errors = Record<string, string>;

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, i) => item === b[i])
    : a === b;

/**
 * A form's values, its field errors, and whether it differs from where it started (`dirty`). Setting
 * a field clears that field's error; `reset` starts again from new values (after a save, a reload).
 */
export function useFormState<T extends object>(initial: T) {
  const [start, setStart] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)));
  };
  const reset = (next: T) => {
    setStart(next);
    setValues(next);
    setErrors({});
  };
  const dirty = (Object.keys(values) as (keyof T)[]).some((key) => !same(values[key], start[key]));
  return { values, set, errors, setErrors, reset, dirty };
}
