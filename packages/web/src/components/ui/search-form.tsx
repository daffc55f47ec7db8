import { useId, useState, type FormEvent } from 'react';
import { SEARCH_PARAM } from '../../lib/router.tsx';

interface SearchFormProps {
  /** The search shown by the list, which Back or a link may change from outside. */
  search: string;
  label: string;
  buttonLabel: string;
  /** A short hint: the label, a whole sentence, would be cut in a phone's narrow box. */
  placeholder: string;
  /** Called with the trimmed query; an empty one means "show everything again". */
  onSearch: (query: string) => void;
}

/**
 * A list's search box. Sent before the app's code runs (a page drawn by the server), the browser
 * asks the server for the address with `?q=`, which draws the search.
 */
export function SearchForm({ search, label, buttonLabel, placeholder, onSearch }: SearchFormProps) {
  const [value, setValue] = useState(search);
  const [shown, setShown] = useState(search);
  // Back to an earlier search: the box shows it, and keeps its focus (no remount).
  if (search !== shown) {
    setShown(search);
    setValue(search);
  }
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the box shows, which on a page drawn by the server may have been typed before this
    // code ran, and not yet be in `value`.
    const typed = new FormData(event.currentTarget).get(SEARCH_PARAM);
    onSearch(typeof typed === 'string' ? typed.trim() : '');
  };
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name={SEARCH_PARAM}
        type="search"
        value={value}
        maxLength={100}
        placeholder={placeholder}
        onChange={(event) => {
          setValue(event.target.value);
          // Clearing the box with its own × restores the full list at once.
          if (event.target.value === '') onSearch('');
        }}
      />
      <button type="submit" className="button button-primary">
        {buttonLabel}
      </button>
    </form>
  );
}
