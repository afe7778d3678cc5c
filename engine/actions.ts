// Editing actions, codes 0–11 exactly as spec 1 §4: serialisable records carrying before/after, each with an exact
// inverse (create ↔ delete, edit swaps before/after).
import type { AttributeValue, Relation } from './types';
import type { InstanceRow, NetworkObjectRow, PathEdgeRow } from './model';

export const ActionCode = {
  NetworkObjectCreate: 0, NetworkObjectEdit: 1, NetworkObjectDelete: 2,
  PathEdgeCreate: 3, PathEdgeEdit: 4, PathEdgeDelete: 5,
  ObjectInstanceCreate: 6, ObjectInstanceEdit: 7, ObjectInstanceDelete: 8,
  RelationCreate: 9, RelationDelete: 10,
  AttributeValueEdit: 11,
} as const;
export type ActionCodeValue = (typeof ActionCode)[keyof typeof ActionCode];

export type Action =
  | { code: 0; after: NetworkObjectRow }
  | { code: 1; before: NetworkObjectRow; after: NetworkObjectRow }
  | { code: 2; before: NetworkObjectRow }
  | { code: 3; after: PathEdgeRow }
  | { code: 4; before: PathEdgeRow; after: PathEdgeRow }
  | { code: 5; before: PathEdgeRow }
  | { code: 6; after: InstanceRow }
  | { code: 7; before: InstanceRow; after: InstanceRow }
  | { code: 8; before: InstanceRow }
  | { code: 9; after: Relation }
  | { code: 10; before: Relation }
  /** Attribute value edit; before/after null = no value row (set for the first time / removed with its instance). */
  | { code: 11; before: AttributeValue | null; after: AttributeValue | null };

export const ACTION_NAMES: Record<ActionCodeValue, string> = {
  0: 'network object create', 1: 'network object edit', 2: 'network object delete',
  3: 'path edge create', 4: 'path edge edit', 5: 'path edge delete',
  6: 'object instance create', 7: 'object instance edit', 8: 'object instance delete',
  9: 'relation create', 10: 'relation delete', 11: 'attribute value edit',
};

export function inverse(a: Action): Action {
  switch (a.code) {
    case 0: return { code: 2, before: a.after };
    case 1: return { code: 1, before: a.after, after: a.before };
    case 2: return { code: 0, after: a.before };
    case 3: return { code: 5, before: a.after };
    case 4: return { code: 4, before: a.after, after: a.before };
    case 5: return { code: 3, after: a.before };
    case 6: return { code: 8, before: a.after };
    case 7: return { code: 7, before: a.after, after: a.before };
    case 8: return { code: 6, after: a.before };
    case 9: return { code: 10, before: a.after };
    case 10: return { code: 9, after: a.before };
    case 11: return { code: 11, before: a.after, after: a.before };
  }
}

/** The id (or relation/value key parts) an action is about, for messages and merging. */
export function actionId(a: Action): string {
  switch (a.code) {
    case 0: case 3: case 6: return a.after.id;
    case 1: case 4: case 7: return a.after.id;
    case 2: case 5: case 8: return a.before.id;
    case 9: return `${a.after.fromId}->${a.after.toId}:${a.after.objectRelationTypeName}`;
    case 10: return `${a.before.fromId}->${a.before.toId}:${a.before.objectRelationTypeName}`;
    case 11: { const v = (a.after ?? a.before)!; return `${v.objectInstanceId}.${v.attributeTypeName}`; }
  }
}
