// What the street generator (generate.ts) puts on its streets, as data: the fibre catalogue's object type ids it uses
// (server migration 021_catalogue.sql, family 'fttx'), those object types with the attributes it writes (for models
// built without a server: engine tests and benches, the browser bench), the street names and the seeded random
// generator that makes a size always give the same network.
import type { ObjectType } from './types';

/** Catalogue object type ids of the generated instances. */
export const GENERATED_TYPE_IDS = { accessPoint: 101, customer: 103, handhole: 104, cable: 105, trench: 106, splicebox: 111, duct: 112 } as const;

const T = GENERATED_TYPE_IDS;
const NAME = { name: 'name', type: 'String' } as const;

/** The generated object types as the catalogue has them (attributes: those the generator writes; lists unrestricted). */
export const GENERATED_TYPES: ObjectType[] = [
  { id: T.accessPoint, name: 'access_point', family: 'fttx', geometryKind: 'node', attributeTypes: [NAME,
    { name: 'capacity', type: 'Integer', defaultValue: '100' }, { name: 'cost', type: 'Float', defaultValue: '75000' }] },
  { id: T.customer, name: 'customer_connection', family: 'fttx', geometryKind: 'node', attributeTypes: [NAME,
    { name: 'status', type: 'List', defaultValue: 'connect' }, { name: 'building_type', type: 'List', defaultValue: 'lowRise' },
    { name: 'address', type: 'String' }, { name: 'demand', type: 'Integer', defaultValue: '1' }] },
  { id: T.handhole, name: 'point_element', family: 'fttx', geometryKind: 'node', attributeTypes: [NAME] },
  { id: T.cable, name: 'cable', family: 'fttx', geometryKind: 'path', attributeTypes: [NAME,
    { name: 'fibers', type: 'List', defaultValue: '48' }, { name: 'usage', type: 'List', defaultValue: 'distribution' }] },
  { id: T.trench, name: 'trench', family: 'fttx', geometryKind: 'edge', attributeTypes: [NAME,
    { name: 'house_connection', type: 'Boolean', defaultValue: 'false' }] },
  { id: T.splicebox, name: 'splicebox', family: 'fttx', geometryKind: 'node', attributeTypes: [NAME,
    { name: 'capacity', type: 'Integer', defaultValue: '46' }, { name: 'physical_capacity', type: 'Integer', defaultValue: '48' },
    { name: 'connections', type: 'Integer' }] },
  { id: T.duct, name: 'duct', family: 'fttx', geometryKind: 'edge', attributeTypes: [NAME,
    { name: 'Existing', type: 'Boolean', defaultValue: 'false' }, { name: 'duct_type', type: 'List', defaultValue: '7x14' },
    { name: 'usage', type: 'List', defaultValue: 'distribution' }] },
];

export const STREET_NAMES = ['Vleutenseweg', 'Kanaalweg', 'Damstraat', 'Cartesiusweg', 'Thomas à Kempisweg', 'Marnixlaan', 'Bilderdijkstraat',
  'Laan van Nieuw Guinea', 'Amsterdamsestraatweg', 'Royaardslaan', 'Van Lieflandlaan', 'Kardinaal de Jongweg', 'Draaiweg',
  'Groeneweg', 'Burgemeester Reigerstraat', 'Adelaarstraat', 'Merelstraat', 'Kievitdwarsstraat', 'Lessinglaan', 'Lauwerhof'];

/** A seeded pseudo-random generator (mulberry32), so the same size gives the same shape. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
