import { formatFrenchDate } from '@coulisses/domain/rules/discount-dates';
import type { Discount } from '@coulisses/domain/schemas/discounts';
import { paths, pathOf } from '../../../config/paths.ts';
import { EditLink } from '../../../components/ui/edit-link.tsx';

interface DiscountCardProps {
  discount: Discount;
  deleting: boolean;
  onDelete: (discount: Discount) => void;
}

/** A discount: its image opens the offer in a new tab; code, start and end below the title. */
export function DiscountCard({ discount, deleting, onDelete }: DiscountCardProps) {
  return (
    <li className="card media-card discount-card">
      <a className="discount-card-link" href={discount.link} target="_blank" rel="noopener noreferrer">
        <img
          className="media-card-image"
          src={discount.image_url}
          alt={`${discount.title} : ouvrir l'offre dans un nouvel onglet`}
          width={900}
          height={600}
          loading="lazy"
          decoding="async"
        />
      </a>
      <div className="media-card-body">
        <h2 className="media-card-title">{discount.title}</h2>
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
