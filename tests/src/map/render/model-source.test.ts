// The renderer's view of a whole read's model (src/map/render/model-source.ts, issue 15): every object described as
// for createModel's rows — kind, coordinates, the type of its first instance, each instance's type and style props,
// a path's line, edges and cable kind, display names — while its instance and path-edge rows stay unmade (the first
// draw reads them field by field; engine/lazy-column-rows.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createModel, instanceRowsOf, valuesOf, type Model } from 'engine/model';
import { modelFromColumns } from 'engine/model-columns';
import { madeCount } from 'engine/lazy-rows';
import { modelInputFromColumns, networkColumns } from 'engine/network-arrow';
import type { RowBase } from 'engine/ptable';
import type { ObjectType } from 'engine/types';
import { modelSource } from '../../../../src/map/render/model-source';
import { arrowOf, build, netArb } from '../../../engine/support/arrow-networks';

const TYPES: ObjectType[] = [0, 1, 2, 3].map((id) => ({ id, name: ['access_point', 'splicebox', 'customer_connection', 'cable'][id], family: 'fttx', geometryKind: 'node', attributeTypes: [] }));
const made = (m: Model) => madeCount((m.objectInstances.base as RowBase<unknown>).rows) + madeCount((m.pathEdges.base as RowBase<unknown>).rows);

/** Everything the chunks read of each object (props and each instance's props called). */
function described(m: Model) {
  const src = modelSource(() => m), out: unknown[] = [];
  src.forEach((id, d) => out.push([id, d.kind, d.coords, d.typeName, d.props?.(), d.instances?.map((i) => [i.typeName, i.props()]), d.path ?? false, d.over?.(), src.labelOf(id)]));
  return out;
}

describe('the model source over a whole read', () => {
  it('describes every object as over createModel\'s rows, making no instance or path-edge row', () => {
    fc.assert(fc.property(netArb, (r) => {
      const bytes = arrowOf(build(r));
      const m = modelFromColumns(networkColumns(bytes), { objectTypes: TYPES });
      const ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), objectTypes: TYPES });
      const before = made(m); // 0, unless the answer repeats a key (then createModel's rows, all made)
      expect(described(m)).toEqual(described(ref));
      expect(made(m)).toBe(before);
    }), { numRuns: 150 });
  });

  it('an object\'s style props are its instances\' attribute values, instance by instance (read from the model\'s rows)', () => {
    fc.assert(fc.property(netArb, (r) => {
      const bytes = arrowOf(build(r));
      const m = modelFromColumns(networkColumns(bytes), { objectTypes: TYPES });
      const ref = createModel({ ...modelInputFromColumns(networkColumns(bytes)), objectTypes: TYPES });
      const want = (id: string) => instanceRowsOf(ref, id).map((i) => Object.fromEntries(valuesOf(ref, i.id).map((v) => [v.attributeTypeName, v.value])));
      modelSource(() => m).forEach((id, d) => {
        const { feature_type: _cable, ...props } = d.props?.() ?? {};
        expect(props).toEqual(want(id)[0] ?? {});
        if (d.instances) expect(d.instances.map((i) => i.props())).toEqual(want(id));
      });
    }), { numRuns: 150 });
  });
});
