import { MESSAGES } from '@coulisses/domain/messages';
import { ServiceUnavailableError, TooManyRequestsError } from './errors.ts';

/** What a refused upload tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export interface UploadSlots {
  /**
   * Takes a slot for one upload of `owner`, or throws (429 when the owner already has all theirs,
   * 503 when the server has none left); the answer gives the slot back.
   */
  take(owner: string): () => void;
}

/**
 * Bounds the multipart uploads running at once, overall and per owner, so that many large forms
 * sent together queue at the client instead of piling up in the server's memory and disk.
 */
export function uploadSlots(limits: { overall: number; perOwner: number }): UploadSlots {
  let running = 0;
  const byOwner = new Map<string, number>();
  return {
    take(owner) {
      const owned = byOwner.get(owner) ?? 0;
      if (owned >= limits.perOwner) {
        throw new TooManyRequestsError(MESSAGES.uploadsPerUser, RETRY_AFTER_SECONDS);
      }
      if (running >= limits.overall) {
        throw new ServiceUnavailableError(MESSAGES.uploadsBusy, RETRY_AFTER_SECONDS);
      }
      running += 1;
      byOwner.set(owner, owned + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running -= 1;
        const left = (byOwner.get(owner) ?? 1) - 1;
        if (left === 0) byOwner.delete(owner);
        else byOwner.set(owner, left);
      };
    },
  };
}
