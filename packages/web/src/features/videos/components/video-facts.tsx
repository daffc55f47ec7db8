import { formatFrenchDate, parisCalendarDay } from '@coulisses/domain/rules/discount-dates';
import type { Video } from '@coulisses/domain/schemas/videos';

/** What a creator checks at a glance under their video: its categories, whether the app shows it, its date. */
export function VideoFacts({ video, categories }: { video: Video; categories: string }) {
  return (
    <>
      {categories && <p className="media-card-meta">{categories}</p>}
      <p className="media-card-meta media-card-facts">
        <span className={`status-badge ${video.is_active ? 'status-active' : 'status-draft'}`}>
          {video.is_active ? 'Visible dans l’app' : 'Pas visible dans l’app'}
        </span>
        <span>Ajoutée le {formatFrenchDate(parisCalendarDay(video.created_at))}</span>
      </p>
    </>
  );
}
