import type { ReactNode } from 'react';
import { formatJournalTime } from '@coulisses/domain/rules/journal-text';
import type { Comment } from '@coulisses/domain/schemas/comments';
import { quoted } from '@coulisses/domain/rules/quoted';
import { withNoBreakSpaces } from '@coulisses/domain/rules/no-break-spaces';

const START_LENGTH = 40;

/** How confirmations name a comment: its first words. */
export function commentStart(comment: Comment): string {
  const text = comment.text.replace(/\s+/g, ' ');
  return text.length > START_LENGTH ? `${text.slice(0, START_LENGTH).trimEnd()}…` : text;
}

/** Who wrote it, as the moderation lists name them: the pseudonym, never the e-mail. */
export const authorName = (comment: Comment) => comment.author.pseudonym ?? 'Membre sans pseudo';

const reports = (count: number) => (count === 1 ? 'Signalé 1 fois' : `Signalé ${count} fois`);

/**
 * One comment to moderate: who, when, on which video (a button that keeps only that video's
 * comments), its text as typed, its states, and the actions the caller allows.
 */
export function CommentItem({
  comment,
  onFilterVideo,
  actions,
}: {
  comment: Comment;
  onFilterVideo: (video: Comment['video']) => void;
  actions: ReactNode;
}) {
  return (
    <li className={`card comment-item${comment.hidden ? ' comment-item-hidden' : ''}`}>
      <p className="comment-meta">
        <strong>{authorName(comment)}</strong>
        <time dateTime={new Date(comment.created_at).toISOString()}>
          {formatJournalTime(comment.created_at)}
        </time>
        <span>
          sur{' '}
          <button
            type="button"
            className="button-link"
            aria-label={`Voir seulement les commentaires de ${quoted(comment.video.title)}`}
            onClick={() => onFilterVideo(comment.video)}
          >
            {withNoBreakSpaces(comment.video.title)}
          </button>
        </span>
      </p>
      <p className="comment-text">{comment.text}</p>
      {(comment.hidden || comment.report_count > 0 || comment.author.muted) && (
        <p className="comment-states">
          {comment.hidden && <span className="status-badge status-suspended">Masqué</span>}
          {comment.report_count > 0 && (
            <span className="status-badge status-upcoming">{reports(comment.report_count)}</span>
          )}
          {comment.author.muted && <span className="status-badge status-muted">Auteur en sourdine</span>}
        </p>
      )}
      <div className="comment-actions">{actions}</div>
    </li>
  );
}
