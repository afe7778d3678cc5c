// Validation result and validator shapes (spec 2 §3 "Validation result": message, stateId, severity, passed; two
// results are equal when message, state and severity match; §5: a project passes when every Required result passed).
// A validator checks one subject (a network object or an object instance) at a time and names the subjects a changed
// diff row can affect, so NetworkValidation can follow the engine's diffs (network-validation.ts).
import type { Id, Position } from '../types';
import type { Model, Schema } from '../model';
import type { DiffRow } from '../tx';
import type { ModelPair } from '../dependents';
import type { ValidationContext } from './context';

export type Severity = 'Required' | 'Recommended' | 'Optional';
export const SEVERITIES: readonly Severity[] = ['Required', 'Recommended', 'Optional'];

export interface ValidationResult {
  /** The validator's name. */
  validator: string;
  /** The subject checked: a network object id (graph_integrity, demarcation_containment) or an object instance id
   *  (every other validator); null for a validator's summary result. */
  objectId: string | null;
  message: string;
  stateId: number | null;
  severity: Severity;
  passed: boolean;
}

/** Spec 2 §3: two results are equal when message, state and severity match. */
export const sameResult = (a: ValidationResult, b: ValidationResult): boolean =>
  a.message === b.message && a.stateId === b.stateId && a.severity === b.severity;

/** A string naming a result by object and equality fields (for sets of results, e.g. incremental vs full run). */
export const resultKey = (r: ValidationResult): string => `${r.validator}\u0001${r.objectId}\u0001${r.severity}\u0001${r.stateId}\u0001${r.message}`;

/** Project settings the validators read (spec 2 §3 network section; defaults spec 2 §9). */
export interface ValidationSettings { dp_capacity: number; dp_minimum_usage: number; dp_physical_capacity: number }
export const DEFAULT_VALIDATION_SETTINGS: ValidationSettings = { dp_capacity: 46, dp_minimum_usage: 75, dp_physical_capacity: 48 };

export interface ValidationConfig {
  settings?: Partial<ValidationSettings>;
  /** Workflow state the results belong to (spec 2 §3). */
  stateId?: number | null;
  /** Project demarcation area in model coordinates: rings of one polygon (outer ring first, then holes). */
  demarcation?: Position[][] | null;
  /** Validators ignored in this context (spec 2 §5). */
  ignore?: readonly string[];
  /** Severity per validator name, replacing its default (a validator's secondary severity stays). */
  severity?: Readonly<Record<string, Severity>>;
  /** Object and relation types; default the model's schema. */
  schema?: Schema;
  /** Object type names: distribution points (default splicebox, enclosure), customer connections
   *  (customer_connection), what links a DP to a customer (technical_path), cables (cable). */
  dpTypes?: readonly string[];
  customerTypes?: readonly string[];
  linkTypes?: readonly string[];
  cableTypes?: readonly string[];
  /** Validators to run; default VALIDATORS (validators.ts). */
  validators?: readonly Validator[];
}

/** The models before and after a diff, for finding what a changed row affects, and the context. */
export interface DependencyContext extends ModelPair { ctx: ValidationContext }

export interface Validator {
  name: string;
  /** Default severity of its results. */
  severity: Severity;
  /** Whether it runs under this context (e.g. demarcation_containment only with a polygon). */
  enabled?(ctx: ValidationContext): boolean;
  /** The subjects of a full run: 'objects' = every network object; a set = the instances of those object types; a
   *  function = its own list. NetworkValidation scans the objects and the instances once for all validators. */
  subjects(ctx: ValidationContext): 'objects' | ReadonlySet<number> | ((m: Model) => Iterable<Id>);
  /** Adds to `out` the subjects whose results the changed row can change (read in both models). */
  dependsOn(row: DiffRow, dc: DependencyContext, out: Set<Id>): void;
  /** The failed results of one subject (none when it passes or no longer exists). */
  check(m: Model, id: Id, ctx: ValidationContext, severity: Severity): ValidationResult[];
}

export type ValidationStatus = 'VALID' | 'INVALID';
export interface ValidatorSummary { name: string; passed: boolean; failedCount: number }
