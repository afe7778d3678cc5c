// Clash review (issue 14): the live clashes of the design as a table beside the map — filter by status, severity and
// rule, sort by severity, priority or rule; a row's click zooms to the clash (up to zoom 20) and selects its object;
// Approve / Action required change its status (kept while the clash persists, sent with the project run); 'Run for
// the project' stores every clash of the saved network (server run); export the shown rows as CSV and as GeoJSON.
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASH_SEVERITIES, CLASH_STATUSES, type Clash, type ClashStatus } from 'engine';
import type { ClashLive } from './clash-live';
import { clashesCsv, clashesGeoJson, clashExtent } from './clash-export';
import { downloadText } from '../../shell/download';

const SEVERITY_ORDER: Record<string, number> = { error: 0, warning: 1, info: 2, normal: 3 };
const PRIORITY_ORDER: Record<string, number> = { high: 0, medium: 1, low: 2 };
type SortKey = 'severity' | 'priority' | 'rule';
const SHOWN = 500;

export function sortClashes(list: readonly Clash[], key: SortKey): Clash[] {
  const by = (c: Clash) => (key === 'severity' ? SEVERITY_ORDER[c.severity] : key === 'priority' ? PRIORITY_ORDER[c.priority] ?? 9 : 0);
  return [...list].sort((a, b) => by(a) - by(b) || a.ruleName.localeCompare(b.ruleName) || a.id.localeCompare(b.id));
}

export interface ClashPanelProps {
  clashes: ClashLive;
  readOnly: boolean;
  onZoom: (extent: [number, number, number, number], objectId: string) => void;
  onRun?: (statuses: Record<string, ClashStatus>) => Promise<string>;
}

export function ClashPanel({ clashes, readOnly, onZoom, onRun }: ClashPanelProps) {
  const { t } = useTranslation();
  const snap = useSyncExternalStore(clashes.subscribe, clashes.getSnapshot, clashes.getSnapshot);
  const [status, setStatus] = useState('');
  const [severity, setSeverity] = useState('');
  const [rule, setRule] = useState('');
  const [sort, setSort] = useState<SortKey>('severity');
  const [message, setMessage] = useState<string | null>(null);
  const rules = useMemo(() => [...new Set(snap.clashes.map((c) => c.ruleName))].sort(), [snap]);
  const rows = useMemo(() => sortClashes(snap.clashes.filter((c) => (!status || c.status === status) && (!severity || c.severity === severity) && (!rule || c.ruleName === rule)), sort),
    [snap, status, severity, rule, sort]);
  const run = async () => { setMessage(null); try { setMessage(await onRun!(Object.fromEntries(clashes.reviewed))); } catch (e) { setMessage(String((e as Error).message ?? e)); } };
  return (
    <section className="planning-panel clash-panel" data-testid="clash-panel" aria-label={t('map.clash.title')}>
      <header>
        <h2>{t('map.clash.title')} ({snap.clashes.length})</h2>
        <button type="button" onClick={() => downloadText(clashesCsv(rows), 'clashes.csv', 'text/csv')}>{t('map.clash.export_csv')}</button>
        <button type="button" onClick={() => downloadText(clashesGeoJson(rows), 'clashes.geojson', 'application/geo+json')}>{t('map.clash.export_geojson')}</button>
      </header>
      <div className="clash-filters">
        <select aria-label={t('map.clash.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t('map.clash.all_statuses')}</option>
          {CLASH_STATUSES.map((s) => <option key={s} value={s}>{t(`map.clash.statuses.${s}`)}</option>)}
        </select>
        <select aria-label={t('map.clash.severity')} value={severity} onChange={(e) => setSeverity(e.target.value)}>
          <option value="">{t('map.clash.all_severities')}</option>
          {CLASH_SEVERITIES.map((s) => <option key={s} value={s}>{t(`map.clash.severities.${s}`)}</option>)}
        </select>
        <select aria-label={t('map.clash.rule')} value={rule} onChange={(e) => setRule(e.target.value)}>
          <option value="">{t('map.clash.all_rules')}</option>
          {rules.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
        <select aria-label={t('map.clash.sort')} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
          {(['severity', 'priority', 'rule'] as const).map((k) => <option key={k} value={k}>{t(`map.clash.sort_by.${k}`)}</option>)}
        </select>
      </div>
      <table className="capex-table" data-testid="clash-table">
        <thead><tr><th>{t('map.clash.rule')}</th><th>{t('map.clash.status')}</th><th>{t('map.clash.severity')}</th><th /></tr></thead>
        <tbody>
          {rows.slice(0, SHOWN).map((c) => (
            <tr key={c.id} data-clash={c.id} data-status={c.status}>
              <td><button type="button" className="validation-result" onClick={() => onZoom(clashExtent(c), c.objectId)}>{c.ruleName}</button></td>
              <td>{t(`map.clash.statuses.${c.status}`)}</td>
              <td>{t(`map.clash.severities.${c.severity}`)}</td>
              <td>{!readOnly && (
                <>
                  <button type="button" data-testid="clash-approve" disabled={c.status === 'Approved'} onClick={() => clashes.setStatus(c.id, 'Approved')}>{t('map.clash.approve')}</button>
                  <button type="button" disabled={c.status === 'ActionRequired'} onClick={() => clashes.setStatus(c.id, 'ActionRequired')}>{t('map.clash.action_required')}</button>
                </>
              )}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && <p>{t('map.validation.more', { count: rows.length - SHOWN })}</p>}
      {!readOnly && onRun && <button type="button" data-testid="clash-run" onClick={() => void run()}>{t('map.clash.run')}</button>}
      {message && <p role="status" data-testid="clash-run-result">{message}</p>}
    </section>
  );
}
