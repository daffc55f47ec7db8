import type { JournalKind } from '../constants/journal.ts';
import type { JournalChanges, JournalEntry } from '../schemas/journal.ts';
import { formatFrenchDate, parisClockTime } from './discount-dates.ts';

/** What each kind of entry says, in the journal, the 'Activité' and the CSV export. */
export const JOURNAL_KIND_LABELS: Record<JournalKind, string> = {
  'category.added': 'Catégorie ajoutée',
  'category.renamed': 'Catégorie renommée',
  'category.deleted': 'Catégorie supprimée',
  'video.featured': 'Vidéo mise en avant',
  'video.unfeatured': 'Vidéo retirée des vidéos en avant',
  'video.moved': 'Vidéo déplacée dans les vidéos en avant',
  'video.edited': 'Vidéo modifiée',
  'video.deleted': 'Vidéo supprimée',
  'discount.added': 'Discount ajouté',
  'discount.edited': 'Discount modifié',
  'discount.deleted': 'Discount supprimé',
  'creator.added': 'Créateur ajouté',
  'creator.suspended': 'Créateur suspendu',
  'creator.reactivated': 'Créateur réactivé',
  'sessions.ended': 'Déconnecté partout',
  'sign-in.throttled': 'Connexions ralenties après trop d’échecs',
  'comment.hidden': 'Commentaire masqué',
  'comment.shown': 'Commentaire de nouveau visible',
  'comment.deleted': 'Commentaire supprimé',
  'subscriber.muted': 'Abonné privé de commentaires',
  'subscriber.unmuted': 'Abonné de nouveau autorisé à commenter',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'nom',
  title: 'titre',
  video_url: 'lien YouTube',
  link: 'lien',
  code: 'code',
  start_date: 'début',
  end_date: 'fin',
  categories: 'catégories',
  hor_img_url: 'image horizontale',
  ver_img_url: 'image verticale',
  image_url: 'image',
  is_active: 'actif',
  failures: 'échecs en 15 min',
  position: 'place',
};

const IMAGE_FIELDS = new Set(['hor_img_url', 'ver_img_url', 'image_url']);
const DAY_FIELDS = new Set(['start_date', 'end_date']);

function valueText(field: string, value: JournalChanges[string]['before']): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'number' && DAY_FIELDS.has(field)) return formatFrenchDate(value);
  if (Array.isArray(value)) return `${value.length}`;
  return String(value) === '' ? '(vide)' : String(value);
}

/**
 * The changes of an entry as one line: « titre : Avant → Après ». A replaced image says so
 * without its storage key; categories, by how many, since their names may have changed since.
 */
export function describeChanges(changes: JournalChanges): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => {
      const label = FIELD_LABELS[field] ?? field;
      if (IMAGE_FIELDS.has(field)) return `${label} remplacée`;
      if (before === null) return `${label} : ${valueText(field, after)}`;
      return `${label} : ${valueText(field, before)} → ${valueText(field, after)}`;
    })
    .join(' ; ');
}

/** When an entry was written, French time: « 24/11/2026 11:05 ». */
export function formatJournalTime(epochMs: number): string {
  const clock = parisClockTime(epochMs);
  const time = new Date(clock).toISOString().slice(11, 16);
  return `${formatFrenchDate(clock)} ${time}`;
}

/** Who made the change, as the journal shows it. */
export const actorText = (entry: Pick<JournalEntry, 'actor'>) => entry.actor?.email ?? 'Personne (connexion)';
