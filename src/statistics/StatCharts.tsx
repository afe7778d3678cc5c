// The statistics charts (recharts, as the map's capex panel): a horizontal bar chart of one measure by name, and the
// step progress of projects. Each chart carries its data as data-* attributes for tests and assistive summaries.
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../i18n/format';

export interface Datum { name: string; value: number }

export function MeasureChart({ id, title, data, unit = '' }: { id: string; title: string; data: readonly Datum[]; unit?: string }) {
  const shown = data.filter((d) => d.value !== 0);
  const total = data.reduce((s, d) => s + d.value, 0);
  return (
    <figure className="stat-chart" data-testid={`chart-${id}`} data-total={Math.round(total * 100) / 100} aria-label={title}>
      <figcaption>{title}</figcaption>
      <BarChart width={420} height={Math.max(90, shown.length * 24 + 40)} data={shown} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tick={{ fontSize: 11 }} />
        <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => `${unit}${formatNumber(Math.round(Number(v) * 100) / 100)}`} />
        <Bar dataKey="value" fill="#1f77b4" isAnimationActive={false} />
      </BarChart>
      <ul className="visually-hidden">
        {shown.map((d) => <li key={d.name} data-name={d.name} data-value={d.value}>{`${d.name}: ${unit}${formatNumber(Math.round(d.value * 100) / 100)}`}</li>)}
      </ul>
    </figure>
  );
}
