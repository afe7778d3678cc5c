// Live capex panel (issue 13, spec 2 §3/§5 cost lines): the estimate's total, the cost per object type as a table
// and a bar chart (recharts), updated with every edit from the planning binding's capex snapshot, and the cost lines
// exported as CSV (engine toCsv; zero lines included on request).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { toCsv } from 'engine';
import { formatNumber } from '../../i18n/format';
import { downloadText } from '../../shell/download';
import type { PlanningBinding } from './planning-binding';
import { CapexRuleSet } from './CapexRuleSet';

const money = (v: number) => formatNumber(Math.round(v * 100) / 100);

export function CapexPanel({ planning, projectId, readOnly = true }: { planning: PlanningBinding; projectId?: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const snap = useSyncExternalStore(planning.subscribeCapex, planning.getCapex, planning.getCapex);
  const rows = snap.byType.filter((r) => r.total !== 0 || r.count !== 0);
  return (
    <section className="planning-panel capex-panel" data-testid="capex-panel" aria-label={t('map.capex.title')}>
      <header>
        <h2>{t('map.capex.title')}</h2>
        <button type="button" data-testid="capex-export" onClick={() => downloadText(toCsv(planning.capexLines(true)), `capex-${projectId ?? 'project'}.csv`, 'text/csv')}>
          {t('map.capex.export')}
        </button>
      </header>
      <p className="capex-total">{t('map.capex.total')}: <strong data-testid="capex-total" data-value={snap.total}>€ {money(snap.total)}</strong></p>
      {rows.length > 0 && (
        <BarChart width={300} height={Math.max(80, rows.length * 22 + 30)} data={rows} layout="vertical" margin={{ left: 8, right: 8 }} data-testid="capex-chart">
          <XAxis type="number" hide />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 11 }} />
          <Tooltip formatter={(v) => `€ ${money(Number(v))}`} />
          <Bar dataKey="total" fill="#1f77b4" isAnimationActive={false} />
        </BarChart>
      )}
      <table className="capex-table" data-testid="capex-table">
        <thead><tr><th>{t('map.capex.object_type')}</th><th>{t('map.capex.count')}</th><th>{t('map.capex.length')}</th><th>{t('map.capex.cost')}</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.objectTypeId} data-object-type={r.name}>
              <td>{r.name}</td><td>{r.count}</td><td>{money(r.length)}</td><td data-value={r.total}>€ {money(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {projectId !== undefined && <CapexRuleSet projectId={projectId} readOnly={readOnly} />}
    </section>
  );
}
