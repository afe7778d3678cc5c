// Clash detection types (issue 14; spec 2 §3 "Clash rule", spec 3 §4 clash status and severity): reference features
// (KLIC utility records, BGT surfaces, trees, buildings, uploads) in model coordinates (EPSG:3857 metres), clash rules
// as the settings template defines them (common/settings/parts.ts clashRule) plus one documented extension
// (`objectTypes`), and the clash results the ClashIndex keeps.
import type { Id, Position } from '../types';

export const CLASH_STATUSES = ['Approved', 'ActionRequired', 'Unresolved', 'Info', 'Warning', 'Unknown'] as const;
export type ClashStatus = (typeof CLASH_STATUSES)[number];
export const CLASH_SEVERITIES = ['error', 'warning', 'info', 'normal'] as const;
export type ClashSeverity = (typeof CLASH_SEVERITIES)[number];
export const CLASH_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ClashPriority = (typeof CLASH_PRIORITIES)[number];

/** Severity of a status — the same table the map's clash style uses (layers/styles/clash.ts). */
export const STATUS_SEVERITY: Record<ClashStatus, ClashSeverity> = {
  Unresolved: 'error', ActionRequired: 'warning', Warning: 'warning', Info: 'info', Approved: 'normal', Unknown: 'normal',
};
export const isClashStatus = (s: unknown): s is ClashStatus => (CLASH_STATUSES as readonly unknown[]).includes(s);

export type ReferenceGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

/** A reference or uploaded feature: `layer` is what a rule's `layer` names (KLIC theme, 'bgt', 'trees', …). */
export interface ReferenceFeature {
  id: Id;
  layer: string;
  geometry: ReferenceGeometry;
  properties?: Record<string, unknown>;
}

/** A clash rule (settings `clashDetectionSettings.rules[]`). */
export interface ClashRule {
  name: string;
  enabled: boolean;
  editable?: boolean;
  priority: ClashPriority;
  visualisation?: 'line' | 'buffer' | 'point';
  /** The reference layer it checks against; a layer named `bgt` or `bgt_*` makes it a BGT obstruction rule. */
  layer: string;
  /** Metres: a clash when the network object lies within this distance of the reference (inclusive). */
  buffer: number;
  /** The status a new clash gets (BGT rules: see bgt.ts). */
  resultAction: ClashStatus;
  /**
   * Extension (not in the spec's settings): object type names or families whose network objects the rule checks
   * (an object matches when an instance on it, or on a path over an edge, has the type). Absent or empty: every node
   * and edge of the network.
   */
  objectTypes?: string[];
}

/** The clash location: where the network object meets the reference, or its nearest point within the buffer. */
export type ClashGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] };

export interface Clash {
  /** Stable: `${ruleName}:${objectId}:${referenceId}`. */
  id: string;
  ruleName: string;
  objectId: Id;
  referenceId: Id;
  referenceLayer: string;
  geometry: ClashGeometry;
  /** Distance from the network object to the reference (0 when they touch or overlap). */
  distance: number;
  status: ClashStatus;
  severity: ClashSeverity;
  priority: ClashPriority;
}

export const clashId = (ruleName: string, objectId: Id, referenceId: Id): string => `${ruleName}:${objectId}:${referenceId}`;
