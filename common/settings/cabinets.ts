// AP cabinet model (spec 2 §3): AP types made of cabinets (name, side, row) with drawers, each drawer in one of four
// states. Default drawers: the first 4 reserved (Unavailable), the rest Available; drawer names are zero-padded to
// the digits of the largest drawer number (spec 2 §9). Catalogue lookups throw the spec's errors (spec 2 §8) for
// project types without AP cabinets or without OAPs.
import { projectTypeInfo } from './project-types';

export const DRAWER_STATES = ['Available', 'Unavailable', 'FeedingCable', 'Occupied'] as const;
export type DrawerState = (typeof DRAWER_STATES)[number];
export const CABINET_SIDES = ['front', 'back'] as const;
export type CabinetSide = (typeof CABINET_SIDES)[number];
export const RESERVED_DRAWERS = 4;

export interface Drawer { name: string; state: DrawerState }
export interface Cabinet { name: string; side: CabinetSide; row: number; drawers: Drawer[] }
export interface ApCabinetModel { name: string; cabinets: Cabinet[] }

/** Drawer n of `largest`: '1'…'9' when there are at most 9, '01'…'12' up to 99, '001'… beyond. */
export const drawerName = (n: number, largest: number): string => String(n).padStart(String(largest).length, '0');

/** `count` drawers named 1…count; the first `reserved` (default 4) Unavailable, the others Available. */
export function defaultDrawers(count: number, reserved = RESERVED_DRAWERS): Drawer[] {
  return Array.from({ length: count }, (_, i) => ({ name: drawerName(i + 1, count), state: i < reserved ? 'Unavailable' : 'Available' }));
}

const cabinet = (name: string, side: CabinetSide, row: number, drawers: number): Cabinet => ({ name, side, row, drawers: defaultDrawers(drawers) });

/** AP types of the fibre project types: small (one cabinet), medium (front and back), large (two rows). */
const AP_MODELS: readonly ApCabinetModel[] = [
  { name: 'AP-S', cabinets: [cabinet('A', 'front', 1, 12)] },
  { name: 'AP-M', cabinets: [cabinet('A', 'front', 1, 12), cabinet('B', 'back', 1, 12)] },
  { name: 'AP-L', cabinets: [cabinet('A', 'front', 1, 24), cabinet('B', 'back', 1, 24), cabinet('C', 'front', 2, 24), cabinet('D', 'back', 2, 24)] },
];
/** OAP types (outdoor access points) where the project type has them. */
const OAP_MODELS: readonly ApCabinetModel[] = [
  { name: 'OAP-S', cabinets: [cabinet('A', 'front', 1, 8)] },
  { name: 'OAP-M', cabinets: [cabinet('A', 'front', 1, 16)] },
];

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** Every AP type name of a project type's catalogue ([] where it has none). */
export const apTypeNames = (projectType: number | string): string[] =>
  (projectTypeInfo(projectType)?.apCabinets ? AP_MODELS.map((m) => m.name) : []);

/**
 * The cabinet model of an AP type; undefined when the catalogue has no such AP type.
 * @throws Error 'Unable to find AP cabinet data for project type {type}' when the project type has no catalogue.
 */
export function apCabinetFor(projectType: number | string, apTypeName: string): ApCabinetModel | undefined {
  if (!projectTypeInfo(projectType)?.apCabinets) throw new Error(`Unable to find AP cabinet data for project type ${projectType}`);
  const m = AP_MODELS.find((x) => x.name === apTypeName) ?? OAP_MODELS.find((x) => x.name === apTypeName && projectTypeInfo(projectType)!.oaps);
  return m && copy(m);
}

/**
 * The OAP type names of a project type.
 * @throws Error 'OAPs not available in project type {type}' where the project type has no OAPs.
 */
export function oapTypes(projectType: number | string): string[] {
  if (!projectTypeInfo(projectType)?.oaps) throw new Error(`OAPs not available in project type ${projectType}`);
  return OAP_MODELS.map((m) => m.name);
}

/**
 * Problems of a settings document's AP and OAP types against the cabinet catalogue (spec 2 §5, §8): every AP type
 * named must have cabinet data for the project type, OAP types only where the project type has OAPs. The messages
 * are the spec's errors.
 */
export function cabinetProblems(projectType: number | string, value: unknown): { path: string; message: string }[] {
  const network = (value as { network?: { ap_types?: unknown; oap_types?: unknown } } | null)?.network;
  const out: { path: string; message: string }[] = [];
  const names = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const ap = names(network?.ap_types), oap = names(network?.oap_types);
  ap.forEach((name, i) => {
    try {
      if (!apCabinetFor(projectType, name)) out.push({ path: `network.ap_types[${i}]`, message: `AP type ${name} has no cabinet data for project type ${projectType}` });
    } catch (e) { out.push({ path: `network.ap_types[${i}]`, message: (e as Error).message }); }
  });
  if (oap.length) {
    try { oapTypes(projectType); } catch (e) { out.push({ path: 'network.oap_types', message: (e as Error).message }); }
  }
  return out;
}
