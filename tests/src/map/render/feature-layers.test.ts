// Feature/wfst layers drawn through the one factory (issue 7 item 3, spec 3 §2/§9): the features read are drawn as
// deck.gl layers in draw order (areas under the network, points/lines over it), opacity and visibility are layer
// props (no new read, the same buffers), the zoom range hides a layer, labels from the label threshold, a failed layer
// is hidden.
import { describe, it, expect, vi } from 'vitest';
import { TextLayer } from '@deck.gl/layers';
import { FeatureLayers, buildZoom } from '../../../../src/map/render/feature-layers';
import type { FeatureState, FetchResponse } from '../../../../src/map/render/feature-loader';
import type { Extent } from 'layers';

const VIEW: Extent = [570000, 6817000, 570400, 6817300];
const poly = (id: string) => ({ id, geometry: { type: 'Polygon', coordinates: [[[570000, 6817000], [570300, 6817000], [570300, 6817200], [570000, 6817000]]] }, properties: {} });
const point = (id: string, description: string) => ({ id, geometry: { type: 'Point', coordinates: [570100, 6817100] }, properties: { description } });
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(answer: (url: string) => FetchResponse) {
  const calls: string[] = [];
  const changed = vi.fn(), notify = vi.fn();
  const f = new FeatureLayers({ fetch: async (url) => { calls.push(url); return answer(url); }, token: () => 't', changed, notify, log: vi.fn() });
  return { f, calls, changed, notify };
}
const ok = (features: unknown[]): FetchResponse => ({ ok: true, status: 200, json: async () => ({ features }) });
const byType = (url: string) => (url.includes("'project_demarcation'") ? ok([poly('d1')]) : url.includes("'poi'") ? ok([point('p1', 'Manhole'), point('p2', 'School')]) : ok([]));
const states = (o: Record<string, Partial<FeatureState>>) => new Map(Object.entries(o).map(([k, v]) => [k, { visible: true, opacity: 1, ...v }]));
type Props = { visible: boolean; opacity: number; data: { length: number } | unknown[]; pickable: boolean };
const props = (l: { props: unknown }) => l.props as Props;

describe('feature layers on the map', () => {
  it('draws what was read through the factory: areas under the network, points over it, with data', async () => {
    const { f, changed } = setup(byType);
    const s = states({ projectDemarcation: {}, pointsOfInterest: {} });
    expect(f.layers(s, { projectId: 4, zoom: 16, extent: VIEW })).toEqual({ below: [], above: [] });
    await flush();
    expect(changed).toHaveBeenCalled();
    const { below, above } = f.layers(s, { projectId: 4, zoom: 16, extent: VIEW });
    expect(below.map((l) => l.id)).toEqual(['projectDemarcation:demarcation:fill', 'projectDemarcation:demarcation:outline']);
    expect(above.map((l) => l.id)).toEqual(['pointsOfInterest:poi']);
    expect((props(below[0]).data as { length: number }).length).toBe(1);
    expect((props(above[0]).data as { length: number }).length).toBe(2);
    expect([...below, ...above].every((l) => props(l).visible && !props(l).pickable)).toBe(true);
    expect(props(below[0]).opacity).toBe(1);
    expect(f.summary().find((x) => x.name === 'pointsOfInterest')).toMatchObject({ features: 2, drawn: 2, visible: true });
  });

  it('opacity and visibility are layer props: no new read, the same buffers', async () => {
    const { f, calls } = setup(byType);
    f.layers(states({ pointsOfInterest: {} }), { projectId: 4, zoom: 16, extent: VIEW });
    await flush();
    const first = f.layers(states({ pointsOfInterest: {} }), { projectId: 4, zoom: 16, extent: VIEW }).above[0];
    const faded = f.layers(states({ pointsOfInterest: { opacity: 0.4 } }), { projectId: 4, zoom: 16, extent: VIEW }).above[0];
    expect(props(faded).opacity).toBe(0.4);
    expect(props(faded).data).toBe(props(first).data);
    const hidden = f.layers(states({ pointsOfInterest: { visible: false, opacity: 0.4 } }), { projectId: 4, zoom: 16, extent: VIEW }).above[0];
    expect(props(hidden).visible).toBe(false);
    expect(props(hidden).data).toBe(props(first).data);
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('another style chosen in the layer panel rebuilds the buffers with it, without a new read', async () => {
    const line = { id: 'p1', geometry: { type: 'LineString', coordinates: [[570000, 6817000], [570300, 6817100]] }, properties: { flow_velocity: 0.3 } };
    const { f, calls } = setup(() => ok([line]));
    const env = { projectId: 4, zoom: 18, extent: VIEW };
    f.layers(states({ heatPipes: {} }), env);
    await flush();
    expect(f.layers(states({ heatPipes: {} }), env).above.map((l) => l.id)).toEqual(['heatPipes:heatPipe']);
    const restyled = f.layers(states({ heatPipes: { style: 'heatPipeFlowVelocity' } }), env).above;
    expect(restyled.map((l) => l.id)).toEqual(['heatPipes:heatPipeFlowVelocity']);
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('outside its zoom range a layer is hidden and not read', async () => {
    const { f, calls } = setup(byType);
    const s = states({ pointsOfInterest: {} });
    f.layers(s, { projectId: 4, zoom: 16, extent: VIEW });
    await flush();
    expect(f.layers(s, { projectId: 4, zoom: 16, extent: VIEW }).above.map((l) => props(l).visible)).toEqual([true]);
    const out = f.layers(s, { projectId: 4, zoom: 13.5, extent: [560000, 6810000, 580000, 6830000] }).above;
    expect(out.map((l) => props(l).visible)).toEqual([false]);
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('labels from the label threshold (points of interest: description from zoom 17)', async () => {
    const { f } = setup(byType);
    const s = states({ pointsOfInterest: {} });
    f.layers(s, { projectId: 4, zoom: 16.9, extent: VIEW });
    await flush();
    expect(f.layers(s, { projectId: 4, zoom: 16.9, extent: VIEW }).above.some((l) => l instanceof TextLayer)).toBe(false);
    const at17 = f.layers(s, { projectId: 4, zoom: 17.2, extent: VIEW }).above;
    const labels = at17.find((l) => l instanceof TextLayer)!;
    expect((props(labels).data as { text: string }[]).map((d) => d.text)).toEqual(['Manhole', 'School']);
  });

  it('a failed layer is hidden', async () => {
    const { f, notify } = setup((url) => (url.includes("'poi'") ? { ok: false, status: 403, json: async () => ({}) } : byType(url)));
    const s = states({ pointsOfInterest: {}, projectDemarcation: {} });
    f.layers(s, { projectId: 4, zoom: 16, extent: VIEW });
    await flush();
    const { below, above } = f.layers(s, { projectId: 4, zoom: 16, extent: VIEW });
    expect(above).toEqual([]);
    expect(below.length).toBe(2);
    expect(notify.mock.calls).toEqual([['map_unauthorized', 'pointsOfInterest']]);
  });

  it('buffers are built at the whole zoom level inside the range', () => {
    expect(buildZoom(16.7, 14, 24)).toBe(16);
    expect(buildZoom(12.2, 14, 24)).toBe(14);
    expect(buildZoom(25.5, 8, 24)).toBe(24);
  });
});
