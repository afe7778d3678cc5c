// Test helper for validation and capex: small networks from ASCII art (tests/engine/ascii.ts) on the real catalogue
// (server/migrations/021_catalogue.sql, family fttx ids), with instances, values and relations given as short lists.
import { createModel, type Model, type NetworkObject, type ObjectInstance, type ObjectRelationType, type Relation } from 'engine';
import { ascii } from '../ascii';
import { catalogue } from '../catalogue';

/** fttx catalogue object type ids. */
export const T = {
  accessPoint: 101, enclosure: 102, customer: 103, pointElement: 104, cable: 105, trench: 106, activity: 108,
  splicebox: 111, duct: 112, technicalPath: 117,
} as const;

export const CATALOGUE = catalogue();

/** [instance id, object type id, network object id, values]. */
export type Inst = [string, number, string, Record<string, string | null>?];
/** [from, to, relation type name]. */
export type Rel = [string, string, string];

export interface FixtureInput { art?: string; objects?: NetworkObject[]; instances?: Inst[]; relations?: Rel[]; relationTypes?: ObjectRelationType[] }

export function fixture({ art = '', objects = [], instances = [], relations = [], relationTypes = CATALOGUE.relationTypes }: FixtureInput): Model {
  const objectInstances: ObjectInstance[] = instances.map(([id, objectTypeId, networkObjectId, values = {}]) => ({
    id, objectTypeId, networkObjectId,
    attributeValues: Object.entries(values).map(([attributeTypeName, value]) => ({ objectInstanceId: id, attributeTypeName, value })),
  }));
  const rels: Relation[] = relations.map(([fromId, toId, objectRelationTypeName]) => ({ fromId, toId, objectRelationTypeName }));
  return createModel({ networkObjects: [...(art ? ascii(art) : []), ...objects], objectInstances, relations: rels, objectTypes: CATALOGUE.objectTypes, relationTypes });
}

/** A path network object over edges (path edges in order from `start`). */
export function path(id: string, edges: string[], starts: string[]): NetworkObject {
  return { id, projectId: 1, pathEdges: edges.map((edgeId, i) => ({ id: `${id}.${i}`, pathId: id, edgeId, startNodeId: starts[i] })) };
}

export function counterIds(prefix = 'n'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
