// Capex shapes (spec 2 §3 "Cost line: id, name, objectTypeId, existing, cost, count, length, unused", trench cost
// entries; §9 defaults ap_cost 75000, dp_cost 5000, oap_cost 15000, default trench cost 85) and the configuration of
// the capex index (capex-index.ts).
import type { Position } from '../types';
import type { Schema } from '../model';

export interface CostLine {
  /** `{objectTypeId}`, then `-existing` for existing material, then `-{cost class}` for a trench cost class. */
  id: string;
  name: string;
  objectTypeId: number;
  existing: boolean;
  /** Unit cost: per metre, or per piece when the line has no length (0 for existing material). */
  cost: number;
  count: number;
  /** Metres (centimetre-exact sums); for trench and customer-connection lines without length, the count. */
  length: number;
  /** Instances of the line that take part in no relation (nothing contains, feeds or links them). */
  unused: number;
}

export interface UnitCost { cost: number; per: 'm' | 'piece' }

export type TrenchCostMethod = '=' | '+' | '*';
/** Trench cost entry (spec 2 §3): '=' sets the unit cost, '+' adds to it, '*' multiplies it. */
export interface TrenchCostEntry { name: string; cost: number; method: TrenchCostMethod; priority: number; active: boolean }

export interface CapexSettings { ap_cost: number; dp_cost: number; oap_cost: number }
export const DEFAULT_CAPEX_SETTINGS: CapexSettings = { ap_cost: 75000, dp_cost: 5000, oap_cost: 15000 };
/** Trench unit cost when no '=' entry applies (spec 2 §9 "default 85"). */
export const DEFAULT_TRENCH_COST = 85;

export interface CapexConfig {
  /** Unit cost per object type name; beats the settings defaults (not the trench cost entries, for trench types). */
  unitCosts?: Readonly<Record<string, UnitCost>>;
  /** The project's trench cost entries (settings section trenchCosts). */
  trenchCosts?: readonly TrenchCostEntry[];
  settings?: Partial<CapexSettings>;
  /** Object type names per kind: access points (access_point), DPs (splicebox, enclosure), OAPs (oap,
   *  optical_access_point), trenches (trench), customer connections (customer_connection). */
  apTypes?: readonly string[];
  dpTypes?: readonly string[];
  oapTypes?: readonly string[];
  trenchTypes?: readonly string[];
  customerTypes?: readonly string[];
  /** Length of a line in metres; default planar length in model units (`lineLength`); for EPSG:3857 pass `groundLength`. */
  lengthOf?: (coordinates: readonly Position[]) => number;
  /** Object types; default the model's schema. */
  schema?: Schema;
}

export interface LinesOptions {
  /** Also list zero lines: one per configured object type (unit costs, AP, DP, OAP, trench types) that has none. */
  keepZero?: boolean;
}

export interface ObjectTypeCost { objectTypeId: number; name: string; count: number; length: number; total: number }
