// The capex rule set of the project (spec 2 §3 "Capex rule set: terminal types with demand", §7 calls
// /api/project/{id}/capex/rule_set: get, set, validate, existing terminal demands), edited in the capex panel: a table
// of terminal types and their demand, filled from the demands the network already has on request, checked by the
// server's validate call before it is set; problems are shown as the server names them. Read-only for viewers.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationApi } from '../../api/endpoints/validation';
import type { TerminalDemand } from '../../api/endpoints/types';

interface Row { terminal_type: string; demand: string }
const toRows = (l: readonly TerminalDemand[]): Row[] => l.map((t) => ({ terminal_type: String(t.terminal_type ?? ''), demand: String(t.demand ?? '') }));
const fromRows = (rows: Row[]) => ({ terminal_types: rows.map((r) => ({ terminal_type: r.terminal_type.trim(), demand: r.demand.trim() === '' ? NaN : Number(r.demand) })) });
type Answer = { valid: boolean; problems: string[] };

export function CapexRuleSet({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const stored = validationApi.useCapexRuleSetQuery(projectId);
  const existing = validationApi.useExistingTerminalDemandsQuery(projectId);
  const [validate] = validationApi.useValidateCapexRuleSetMutation();
  const [save, saving] = validationApi.useSetCapexRuleSetMutation();
  const [rows, setRows] = useState<Row[]>([]);
  const [problems, setProblems] = useState<string[] | null>(null);
  useEffect(() => {
    const rs = stored.data as { terminal_types?: TerminalDemand[] } | undefined;
    if (rs?.terminal_types) setRows(toRows(rs.terminal_types));
  }, [stored.data]);

  const edit = (i: number, k: keyof Row, v: string) => { setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r))); setProblems(null); };
  const submit = async () => {
    const body = fromRows(rows);
    const check = (await validate({ id: projectId, ruleSet: body }).unwrap()) as Answer;
    if (!check.valid) { setProblems(check.problems); return; }
    try {
      await save({ id: projectId, ruleSet: body }).unwrap();
      setProblems([]);
    } catch (e) {
      setProblems([(e as { data?: { message?: string } }).data?.message ?? String(e)]);
    }
  };

  return (
    <details className="capex-rule-set" data-testid="capex-rule-set">
      <summary>{t('map.capex.rule_set.title')}</summary>
      <table className="capex-table">
        <thead><tr><th>{t('map.capex.rule_set.terminal_type')}</th><th>{t('map.capex.rule_set.demand')}</th><th /></tr></thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td><input aria-label={t('map.capex.rule_set.terminal_type')} value={r.terminal_type} readOnly={readOnly} onChange={(e) => edit(i, 'terminal_type', e.target.value)} /></td>
              <td><input aria-label={t('map.capex.rule_set.demand')} type="number" min={0} value={r.demand} readOnly={readOnly} onChange={(e) => edit(i, 'demand', e.target.value)} /></td>
              <td>{!readOnly && <button type="button" aria-label={t('map.capex.rule_set.remove')} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>×</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <div className="capex-rule-set-actions">
          <button type="button" onClick={() => setRows((rs) => [...rs, { terminal_type: '', demand: '1' }])}>{t('map.capex.rule_set.add')}</button>
          <button type="button" disabled={!existing.data?.length} onClick={() => setRows(toRows(existing.data ?? []))}>{t('map.capex.rule_set.from_network')}</button>
          <button type="button" data-testid="capex-rule-set-save" disabled={saving.isLoading} onClick={() => void submit()}>{t('map.capex.rule_set.save')}</button>
        </div>
      )}
      {problems && problems.length > 0 && <ul role="alert" className="capex-rule-set-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul>}
      {problems && problems.length === 0 && <p role="status">{t('map.capex.rule_set.saved')}</p>}
    </details>
  );
}
