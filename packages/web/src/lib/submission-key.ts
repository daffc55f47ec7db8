import { useRef } from 'react';

/**
 * A fresh key for one filling of a form that creates something, sent as `Idempotency-Key`: a
 * second copy of the same request is refused by the server instead of creating a twin.
 * getRandomValues, unlike randomUUID, also works on a plain-http address.
 */
function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of the filling in progress: the same across retries of one filling, a new one once
 * `renew` marks the form as done with (added, or found already added).
 */
export function useSubmissionKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newSubmissionKey()),
    renew: () => {
      key.current = null;
    },
  };
}
