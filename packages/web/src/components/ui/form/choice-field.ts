/**
 * A field of several choices given to a form from outside, such as a category picker that a page
 * hands to a feature's form so that the two features stay apart.
 */
export interface MultiChoiceFieldProps {
  /** The chosen ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}
