/**
 * A fresh key for one filling of a form that creates something, sent as `Idempotency-Key`: a
 * second copy of the same request is refused by the server instead of creating a twin.
 * getRandomValues, unlike randomUUID, also works on a plain-http address.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
