import {
  DISCOUNT_PHASE_LABELS,
  discountPhase,
  formatFrenchDate,
  type DiscountPhase,
} from '@coulisses/domain/rules/discount-dates';
import { formatCountOf } from '@coulisses/domain/rules/number-format';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { paths, pathOf } from '../../../config/paths.ts';
import { EditLink } from '../../../components/ui/edit-link.tsx';
import { cardImageSources } from '../../../lib/card-image.ts';
import { withNoBreakSpaces } from '@coulisses/domain/rules/no-break-spaces';

const PHASE_STYLES: Record<DiscountPhase, string> = {
  upcoming: 'status-upcoming',
  running: 'status-active',
  ended: 'status-draft',
};

interface DiscountCardProps {
  discount: Discount;
  /** Its categories' names. */
  categories: string;
  /** The French calendar day of today (parisCalendarDay), for its running / upcoming / ended badge. */
  today: number;
  deleting: boolean;
  onDelete: (discount: Discount) => void;
}

/**
 * A discount: its image opens the offer in a new tab; below the title its categories, whether it
 * runs, its code, start and end, views and clicks.
 */
export function DiscountCard({ discount, categories, today, deleting, onDelete }: DiscountCardProps) {
  const phase = discountPhase(discount.start_date, discount.end_date, today);
  return (
    <li className="card media-card discount-card">
      <a className="discount-card-link" href={discount.link} target="_blank" rel="noopener noreferrer">
        <img
          className="media-card-image"
          {...cardImageSources(discount.image_url, discount.image_thumb_url)}
          alt={`${discount.title} : ouvrir l’offre dans un nouvel onglet`}
          width={900}
          height={600}
          loading="lazy"
          decoding="async"
        />
      </a>
      <div className="media-card-body">
        <h2 className="media-card-title">{withNoBreakSpaces(discount.title)}</h2>
        {categories && <p className="media-card-meta">{categories}</p>}
        <p className="media-card-meta media-card-facts">
          <span className={`status-badge ${PHASE_STYLES[phase]}`}>{DISCOUNT_PHASE_LABELS[phase]}</span>
          <span>
            {formatCountOf(discount.views, 'vue', 'vues')} · {formatCountOf(discount.clicks, 'clic', 'clics')}
          </span>
        </p>
        {discount.code && (
          <p className="media-card-meta">
            Code : <strong className="discount-code">{discount.code}</strong>
          </p>
        )}
        <p className="media-card-meta discount-dates">
          <span>Début : {formatFrenchDate(discount.start_date)}</span>
          <span>Fin : {formatFrenchDate(discount.end_date)}</span>
        </p>
        <div className="media-card-actions">
          <EditLink
            to={pathOf(paths.editDiscount, discount.id)}
            label={`Modifier le discount ${discount.title}`}
          />
          <button
            type="button"
            className="icon-button"
            aria-label={`Supprimer le discount ${discount.title}`}
            disabled={deleting}
            onClick={() => onDelete(discount)}
          >
            x
          </button>
        </div>
      </div>
    </li>
  );
}
