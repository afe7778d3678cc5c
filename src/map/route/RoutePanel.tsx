// The route panel of the map (issue 14): "Pick start" / "Pick end" each capture the next click on the map (the tools
// are switched off meanwhile: mode None, restored after the click or on cancel), strategies to compute (default
// minimal cost, its alternative and minimal distance), routes computed in the route worker (route-planner.ts; the
// graph of the session's model is rebuilt lazily after changes), the alternatives side by side in one table
// (length, cost, private share, overlap with the best route) and drawn on the map coloured by route class
// (controller `setExtraLayers('routes', …)`). "Accept" puts a route into the design as ONE gesture — the engine's
// createPath over the route's edges through the binding, so one undo removes it. Exports: CSV table, GeoJSON routes.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMouseEvent } from 'maplibre-gl';
import type { Position } from 'engine/types';
import type { RouteStrategy } from 'engine/route/index';
import { formatNumber } from '../../i18n/format';
import { settingsApi } from '../../api/endpoints/settings';
import { clashesApi } from '../../api/endpoints/clashes';
import { shapingAreas } from 'engine/route/index';
import type { MapController } from '../map-controller';
import { Mode } from '../modes';
import { DEFAULT_STRATEGIES, PANEL_STRATEGIES, RoutePlanner, acceptIntent, pathTypes, routeSettingsOf, type RouteRow } from './route-planner';
import { routeLayers, cssColor } from './route-layers';
import { downloadText, routesCsv, routesGeoJson } from './route-export';

const num = (v: number) => formatNumber(Math.round(v * 100) / 100);
const pct = (v: number | undefined) => (v === undefined ? '–' : formatNumber(Math.round(v * 1000) / 10));
const ZOOM_MARGIN = 30;

export function RoutePanel({ ctl, readOnly }: { ctl: MapController | null; readOnly: boolean }) {
  const { t } = useTranslation();
  const projectId = ctl?.session?.editor.config.projectId;
  const settings = settingsApi.useFttxSettingsQuery(projectId ?? 0, { skip: !projectId });
  const [planner, setPlanner] = useState<RoutePlanner | null>(null);
  const [start, setStart] = useState<Position | null>(null);
  const [end, setEnd] = useState<Position | null>(null);
  const [picking, setPicking] = useState<'start' | 'end' | null>(null);
  const [strategies, setStrategies] = useState<RouteStrategy[]>([...DEFAULT_STRATEGIES]);
  const [rows, setRows] = useState<RouteRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<RouteStrategy | null>(null);
  const query = useRef(0);
  const types = ctl?.session ? pathTypes(ctl.session.model) : [];
  const [pathType, setPathType] = useState<number | null | undefined>(undefined);
  /** The path object type of accepted routes: the user's choice, else the project's cable type (or none). */
  const typeId = pathType === undefined ? types[0]?.id ?? null : pathType;

  // one planner (worker) per controller, created and ended with the effect (StrictMode-safe)
  useEffect(() => {
    if (!ctl) return;
    const p = new RoutePlanner();
    p.follow((l) => ctl.binding.subscribe(l));
    setPlanner(p);
    return () => { p.destroy(); setPlanner(null); };
  }, [ctl]);
  useEffect(() => { planner?.setSettings(routeSettingsOf(settings.data ?? null)); }, [planner, settings.data]);
  // the project's stored shaping areas (read with the clash references: every stored reference feature)
  const refs = clashesApi.useClashReferencesQuery(projectId ?? 0, { skip: !projectId });
  useEffect(() => {
    planner?.setAreas(shapingAreas((refs.data ?? []).filter((f) => f.layer === 'shaping' || f.properties?.type === 'shaping')));
  }, [planner, refs.data]);

  // capture the next click on the map with the tools switched off
  useEffect(() => {
    if (!ctl || !picking) return;
    const before = ctl.mode;
    ctl.setMode(Mode.None);
    const onClick = (e: MapMouseEvent) => {
      const p = ctl.toMap(e.point.x, e.point.y);
      if (picking === 'start') setStart(p); else setEnd(p);
      setRows([]); setAccepted(null);
      setPicking(null);
    };
    ctl.map.once('click', onClick);
    return () => { ctl.map.off('click', onClick); ctl.setMode(before); };
  }, [ctl, picking]);

  // the routes and the picked points on the map
  useEffect(() => {
    if (!ctl) return;
    ctl.setExtraLayers('routes', routeLayers(rows, { start, end }));
  }, [ctl, rows, start, end]);
  useEffect(() => () => ctl?.setExtraLayers('routes', []), [ctl]);

  const compute = async () => {
    const session = ctl?.session;
    if (!planner || !session || !start || !end) return;
    const n = ++query.current;
    setBusy(true); setError(null); setAccepted(null);
    try {
      const r = await planner.compute(session, start, end, strategies);
      if (n === query.current) setRows(r);
    } catch (e) {
      if (n === query.current) { setRows([]); setError(e instanceof Error ? e.message : String(e)); }
    } finally {
      if (n === query.current) setBusy(false);
    }
  };

  const accept = (row: RouteRow) => {
    const intent = acceptIntent(row.result, typeId);
    if (!ctl || !intent) return;
    const e = ctl.binding.perform(intent);
    if (e && !e.rejected) setAccepted(row.result.strategy);
  };

  const zoomTo = (row: RouteRow) => {
    const c = row.result.coordinates;
    if (!ctl || c.length < 2) return;
    const xs = c.map((p) => p[0]), ys = c.map((p) => p[1]);
    ctl.fit([Math.min(...xs) - ZOOM_MARGIN, Math.min(...ys) - ZOOM_MARGIN, Math.max(...xs) + ZOOM_MARGIN, Math.max(...ys) + ZOOM_MARGIN], 19);
    ctl.tools.select.set([...row.result.edges]);
    ctl.render();
  };

  const toggleStrategy = (s: RouteStrategy) => setStrategies((l) => (l.includes(s) ? l.filter((x) => x !== s) : [...l, s]));
  const clear = () => { setStart(null); setEnd(null); setRows([]); setAccepted(null); setError(null); setPicking(null); };
  const point = (p: Position | null, testId: string) => (
    <span data-testid={testId} data-x={p?.[0]} data-y={p?.[1]}>{p ? `${Math.round(p[0])}, ${Math.round(p[1])}` : t('map.route.not_set')}</span>
  );
  const name = (s: RouteStrategy) => t(`map.route.strategy_names.${s}`);

  return (
    <section className="planning-panel route-panel" data-testid="route-panel" aria-label={t('map.route.title')}>
      <header><h2>{t('map.route.title')}</h2></header>
      <p>
        <button type="button" data-testid="route-pick-start" aria-pressed={picking === 'start'} disabled={!ctl} onClick={() => setPicking((p) => (p === 'start' ? null : 'start'))}>
          {t('map.route.pick_start')}
        </button>{' '}{t('map.route.start')}: {point(start, 'route-start')}
      </p>
      <p>
        <button type="button" data-testid="route-pick-end" aria-pressed={picking === 'end'} disabled={!ctl} onClick={() => setPicking((p) => (p === 'end' ? null : 'end'))}>
          {t('map.route.pick_end')}
        </button>{' '}{t('map.route.end')}: {point(end, 'route-end')}
      </p>
      {picking && <p className="route-hint" data-testid="route-picking">{t('map.route.picking')}</p>}
      <fieldset className="route-strategies">
        <legend>{t('map.route.strategies')}</legend>
        {PANEL_STRATEGIES.map((s) => (
          <label key={s}>
            <input type="checkbox" data-testid={`route-strategy-${s}`} checked={strategies.includes(s)} onChange={() => toggleStrategy(s)} /> {name(s)}
          </label>
        ))}
      </fieldset>
      <p>
        <button type="button" data-testid="route-compute" disabled={!start || !end || !strategies.length || busy || !ctl?.session || settings.isLoading} onClick={() => void compute()}>
          {busy ? t('map.route.computing') : t('map.route.compute')}
        </button>{' '}
        <button type="button" data-testid="route-clear" onClick={clear}>{t('map.route.clear')}</button>
      </p>
      {planner && !planner.inWorker && <p className="route-note" data-testid="route-in-process">{t('map.route.in_process')}</p>}
      {error && <p role="alert" data-testid="route-error">{t('map.route.error', { message: error })}</p>}
      {rows.length > 0 && (
        <>
          <table className="route-table" data-testid="route-table">
            <thead>
              <tr><th>{t('map.route.strategy')}</th><th>{t('map.route.length')}</th><th>{t('map.route.cost')}</th><th>{t('map.route.private_share')}</th><th>{t('map.route.overlap')}</th><th /></tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const r = row.result;
                const intent = acceptIntent(r, typeId);
                const why = intent && ctl ? ctl.binding.disabled(intent) : null;
                return (
                  <tr key={r.strategy} data-strategy={r.strategy} data-found={r.found} data-length={r.length} data-cost={r.cost} data-edges={r.edges.join(' ')}>
                    <td>
                      <span className="route-swatch" style={{ background: cssColor(r.strategy), display: 'inline-block', width: 10, height: 10, marginRight: 4 }} />
                      <button type="button" className="link" onClick={() => zoomTo(row)} disabled={!r.found}>{name(r.strategy)}</button>
                    </td>
                    {r.found ? (
                      <>
                        <td>{num(r.length)}</td><td>€ {num(r.cost)}</td><td>{pct(row.privateShare)}</td><td>{pct(r.overlap)}</td>
                        <td>
                          <button type="button" data-testid={`route-accept-${r.strategy}`} disabled={readOnly || !intent || !!why} title={why ?? undefined} onClick={() => accept(row)}>
                            {t('map.route.accept')}
                          </button>
                        </td>
                      </>
                    ) : <td colSpan={5}>{t('map.route.not_found', { reason: r.reason ?? '' })}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <label>
            {t('map.route.path_type')}{' '}
            <select data-testid="route-path-type" value={typeId ?? ''} onChange={(e) => setPathType(e.target.value === '' ? null : Number(e.target.value))}>
              {types.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
              <option value="">{t('map.route.no_path_type')}</option>
            </select>
          </label>
          {accepted && <p data-testid="route-accepted" data-strategy={accepted}>{t('map.route.accepted')}</p>}
          <p>
            <button type="button" data-testid="route-export-csv" onClick={() => downloadText(routesCsv(rows), `routes-${projectId ?? 'project'}.csv`, 'text/csv')}>{t('map.route.export_csv')}</button>{' '}
            <button type="button" data-testid="route-export-geojson" onClick={() => downloadText(JSON.stringify(routesGeoJson(rows)), `routes-${projectId ?? 'project'}.geojson`, 'application/geo+json')}>{t('map.route.export_geojson')}</button>
          </p>
        </>
      )}
    </section>
  );
}
