// The fttx feature-service part of the stored-feature info card (spec 3 §7, server/README.md "fttx feature service"),
// by the selected fttx_feature's type: dp → its access net type and "Update connections"; dp_area → its access net
// type (from the project's dp area map); cap → "Sync address units" / "Recount from address units"; vbo → its
// tk-info (the termination chain) and "Delete address unit" (deleteOrphanedCaps, default on); cable → its ducts;
// trench and other types → nothing. Writes are hidden when read-only; after each write the map layers of the touched
// types re-read (notifyStoredFeaturesChanged).
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CATALOGUE } from 'layers';
import {
  useBulkDeleteVbosMutation, useCableDuctsQuery, useDpAccessNetTypeQuery, useDpAreaAccessNetTypesQuery,
  useSyncCapVbosMutation, useSyncVboCapsMutation, useUpdateDpConnectionsMutation, useVboTkInfoQuery,
} from '../../api/endpoints/fttx';
import { notifyStoredFeaturesChanged } from '../stored-features-events';
import type { StoredFeature } from '../features/stored-feature';

export interface FttxFeatureActionsProps {
  feature: StoredFeature;
  readOnly: boolean;
  /** Overrides the route's project (tests). */
  projectId?: number;
  /** Called once the feature itself was deleted (the card closes). */
  onDeleted?: () => void;
}

/** Catalogue layers drawn from the fttx_feature table showing one of the types, or every type (networkDrawing):
 *  what must re-read after a write. */
export function fttxLayersOf(types: readonly string[]): string[] {
  return CATALOGUE.filter((e) => e.source?.kind === 'wfs' && e.source.typeName === 'fttx_feature'
    && (!e.featureTypes || e.featureTypes.some((t) => types.includes(t)))).map((e) => e.name);
}

export function FttxFeatureActions({ feature, readOnly, projectId, onDeleted }: FttxFeatureActionsProps) {
  const params = useParams();
  const id = projectId ?? Number(params.projectId);
  if (feature.table !== 'fttx_feature' || !Number.isInteger(id) || id < 1) return null;
  const p = { projectId: id, uuid: feature.uuid, readOnly };
  switch (feature.type) {
    case 'dp': return <DpActions {...p} />;
    case 'dp_area': return <DpAreaInfo {...p} />;
    case 'cap': return <CapActions {...p} />;
    case 'vbo': return <VboActions {...p} onDeleted={onDeleted} />;
    case 'cable': return <CableDucts {...p} />;
    default: return null;
  }
}

interface Props { projectId: number; uuid: string; readOnly: boolean }

/** Runs one write: busy while it runs, its answer (or error) as a line, the touched types' layers re-read. */
function useWrite(projectId: number, types: readonly string[]) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const run = async <R,>(call: () => Promise<R>, done: (r: R) => string) => {
    setBusy(true); setResult(null);
    try {
      const r = await call();
      notifyStoredFeaturesChanged(projectId, fttxLayersOf(types));
      setResult({ text: done(r), error: false });
      return r;
    } catch (e) {
      const reason = (e as { data?: { message?: string } })?.data?.message ?? (e as Error)?.message ?? String(e);
      setResult({ text: t('fttx.actions.failed', { reason }), error: true });
      return undefined;
    } finally { setBusy(false); }
  };
  const line = result && <p className={result.error ? 'fttx-error' : 'fttx-result'} role={result.error ? 'alert' : 'status'} data-testid="fttx-result">{result.text}</p>;
  return { busy, run, line };
}

function Section({ children, type }: { children: ReactNode; type: string }) {
  const { t } = useTranslation();
  return <section className="fttx-actions" data-testid="fttx-actions" data-type={type} aria-label={t('fttx.actions.title')}>{children}</section>;
}

function Row({ k, label, value }: { k: string; label: string; value: ReactNode }) {
  return <div className="attr-row" data-attr={k}><span className="attr-label">{label}</span> <span className="attr-value" data-testid={`fttx-${k}`}>{value}</span></div>;
}

function AccessNetRow({ value, loading }: { value: string | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const shown = value ? t(`fttx.accessNetType.${value}`, { defaultValue: value }) : loading ? t('fttx.loading') : t('fttx.unknown');
  return <Row k="access-net-type" label={t('fttx.field.accessNetType')} value={shown} />;
}

function DpActions({ projectId, uuid, readOnly }: Props) {
  const { t } = useTranslation();
  const q = useDpAccessNetTypeQuery({ projectId, id: uuid });
  const [update] = useUpdateDpConnectionsMutation();
  const w = useWrite(projectId, ['dp']);
  // the mutation invalidates the project's fttx reads, so the access net type is read again
  const click = () => void w.run(() => update({ projectId }).unwrap(),
    (r) => t('fttx.dp.updated', { count: r.updateCount, connections: r.connections[uuid] ?? 0 }));
  return (
    <Section type="dp">
      <AccessNetRow value={q.data?.accessNetType} loading={q.isFetching} />
      {!readOnly && <button type="button" data-testid="fttx-update-connections" disabled={w.busy} onClick={click}>{t('fttx.dp.updateConnections')}</button>}
      {w.line}
    </Section>
  );
}

function DpAreaInfo({ projectId, uuid }: Props) {
  const q = useDpAreaAccessNetTypesQuery({ projectId });
  return <Section type="dp_area"><AccessNetRow value={q.data?.[uuid]} loading={q.isFetching} /></Section>;
}

function CapActions({ projectId, uuid, readOnly }: Props) {
  const { t } = useTranslation();
  const [syncVbos] = useSyncCapVbosMutation();
  const [syncCaps] = useSyncVboCapsMutation();
  const w = useWrite(projectId, ['cap', 'vbo']);
  if (readOnly) return null;
  const done = (r: { updateCount: number }) => t('fttx.cap.updated', { count: r.updateCount });
  return (
    <Section type="cap">
      <button type="button" data-testid="fttx-sync-vbos" disabled={w.busy} onClick={() => void w.run(() => syncVbos({ projectId, capUuids: [uuid] }).unwrap(), done)}>{t('fttx.cap.syncVbos')}</button>
      <button type="button" data-testid="fttx-sync-caps" disabled={w.busy} onClick={() => void w.run(() => syncCaps({ projectId, capUuids: [uuid] }).unwrap(), done)}>{t('fttx.cap.syncCaps')}</button>
      {w.line}
    </Section>
  );
}

function VboActions({ projectId, uuid, readOnly, onDeleted }: Props & { onDeleted?: () => void }) {
  const { t } = useTranslation();
  const [deleted, setDeleted] = useState(false);
  const q = useVboTkInfoQuery({ projectId, id: uuid }, { skip: deleted });
  const [bulkDelete] = useBulkDeleteVbosMutation();
  const [orphans, setOrphans] = useState(true);
  const w = useWrite(projectId, ['vbo', 'cap']);
  const info = q.data;
  const name = (b: { uuid: string; name: string | null } | null | undefined) => (b ? b.name || b.uuid : t('fttx.none'));
  const remove = async () => {
    const r = await w.run(() => bulkDelete({ projectId, uuids: [uuid], deleteOrphanedCaps: orphans }).unwrap(),
      (a) => t('fttx.vbo.deleted', { vbos: a.deletedVbos.length, caps: a.deletedCaps.length }));
    if (r) { setDeleted(true); onDeleted?.(); }
  };
  return (
    <Section type="vbo">
      {info && !deleted && <>
        <Row k="cap" label={t('fttx.field.cap')} value={info.cap ? `${name(info.cap)} (${t(`fttx.status.${info.cap.status}`, { defaultValue: info.cap.status })})` : t('fttx.none')} />
        <Row k="dp" label={t('fttx.field.dp')} value={name(info.dp)} />
        <Row k="dp-area" label={t('fttx.field.dpArea')} value={name(info.dpArea)} />
        <Row k="cables" label={t('fttx.field.cables')} value={info.cables.length ? info.cables.map((c) => name(c)).join(', ') : t('fttx.none')} />
        <AccessNetRow value={info.accessNetType} loading={false} />
      </>}
      {!info && q.isFetching && <p>{t('fttx.loading')}</p>}
      {!readOnly && !deleted && <div className="fttx-delete">
        <label><input type="checkbox" data-testid="fttx-delete-orphaned-caps" checked={orphans} onChange={(e) => setOrphans(e.target.checked)} /> {t('fttx.vbo.deleteOrphanedCaps')}</label>
        <button type="button" data-testid="fttx-delete-vbo" disabled={w.busy} onClick={() => void remove()}>{t('fttx.vbo.delete')}</button>
      </div>}
      {w.line}
    </Section>
  );
}

function CableDucts({ projectId, uuid }: Props) {
  const { t } = useTranslation();
  const q = useCableDuctsQuery({ projectId, id: uuid });
  const ducts = q.data?.features ?? [];
  const label = (p: Record<string, unknown>, id: string) => String(p.name ?? p['duct_type.name'] ?? p.uuid ?? id);
  return (
    <Section type="cable">
      <h3>{t('fttx.cable.ducts', { count: ducts.length })}</h3>
      {q.isFetching && !q.data ? <p>{t('fttx.loading')}</p> : q.isError ? <p role="alert">{t('fttx.cable.noDucts')}</p> : ducts.length === 0
        ? <p data-testid="fttx-ducts-empty">{t('fttx.cable.noDucts')}</p>
        : <ul data-testid="fttx-ducts">{ducts.map((d) => <li key={d.id}>{label(d.properties, d.id)}</li>)}</ul>}
    </Section>
  );
}
