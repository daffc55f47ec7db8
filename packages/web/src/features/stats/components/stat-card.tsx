import { formatCount } from '@coulisses/domain/rules/number-format';

export function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="card stat-card">
      <dt>{label}</dt>
      <dd className="stat-value">{formatCount(value)}</dd>
    </div>
  );
}
