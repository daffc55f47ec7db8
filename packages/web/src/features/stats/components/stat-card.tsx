import type { CSSProperties } from 'react';
import { formatCount } from '@coulisses/domain/rules/number-format';
import { Link } from '../../../lib/router.tsx';

/** A count of the dashboard; `note` says what is new in it, `to` opens the list it counts. */
export function StatCard({
  label,
  value,
  note,
  to,
}: {
  label: string;
  value: number;
  note?: string;
  to?: { path: string; label: string };
}) {
  const count = formatCount(value);
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd className="stat-value" style={{ '--chars': count.length } as CSSProperties}>
        {count}
      </dd>
      {note && <dd className="stat-note">{note}</dd>}
      {to && (
        <dd className="stat-link">
          <Link to={to.path}>{to.label}</Link>
        </dd>
      )}
    </div>
  );
}
