import { searchKey } from '@coulisses/domain/rules/text-search';
import { REPORT_REASONS } from '@coulisses/domain/schemas/comments';
import type { CommentReportsTable, CommentsTable } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';
import { between, pick, type Random } from './demo-plan.ts';

/** Comments go under the first videos only: a newcomer sees some, a big catalogue stays quick to load. */
export const COMMENTED_VIDEOS = 200;
const MAX_PER_VIDEO = 4;

const TEXTS = [
  'Trop bien, merci pour le partage !',
  'Je l’ai testée ce week-end, toute la famille a adoré.',
  'Super vidéo, très claire. Tu peux en faire une sur le même thème ?',
  'Merci ! J’attendais ça depuis longtemps.',
  'Petite question : ça marche aussi sans le matériel que tu montres ?',
  'Génial, je m’abonne.',
  'La musique de fond est top, c’est quoi ?',
  'J’ai essayé, c’est moins facile qu’en vidéo mais j’y arrive 😅',
  'Bravo pour le montage, on sent le travail.',
  'Hâte de voir la suite !',
  'Franchement, la meilleure explication que j’ai trouvée.',
  'Tu as une astuce pour les débutants ?',
  'Je partage avec ma sœur, elle va adorer.',
  'Un peu trop rapide pour moi, mais je vais revoir la vidéo.',
  'Enfin quelqu’un qui explique simplement !',
  'C’est exactement ce qu’il me fallait, merci 🙏',
];

export type NewComment = Omit<CommentsTable, 'hidden' | 'report_count'>;

/**
 * A few believable comments (0 to 4) under each of the first videos, by subscribers, after the
 * video went up; one in twelve reported by another subscriber, so the superadmin's list has some.
 */
export function commentRows(
  random: Random,
  videos: readonly { id: string; creator_id: string; created_at: number }[],
  authorIds: readonly string[],
  now: number,
): { comments: NewComment[]; reports: CommentReportsTable[] } {
  const comments: NewComment[] = [];
  const reports: CommentReportsTable[] = [];
  if (authorIds.length < 2) return { comments, reports };
  for (const video of videos) {
    for (let k = between(random, 0, MAX_PER_VIDEO); k > 0; k -= 1) {
      const text = pick(random, TEXTS);
      const created_at = video.created_at + Math.floor(random() * Math.max(1, now - video.created_at));
      const author_id = pick(random, authorIds);
      const comment = {
        id: newId(),
        video_id: video.id,
        creator_id: video.creator_id,
        author_id,
        created_at,
      };
      comments.push({ ...comment, text, text_search: searchKey(text) });
      if (random() < 1 / 12) {
        const reporter = authorIds.find((id) => id !== author_id)!;
        reports.push({
          comment_id: comment.id,
          reporter_id: reporter,
          reason: pick(random, REPORT_REASONS),
          created_at: now,
        });
      }
    }
  }
  return { comments, reports };
}
