// Test helper: the object types (with their attribute types) and relation types of the server's catalogue migration
// (server/migrations/021_catalogue.sql), read from its INSERT statements, so engine tests run on the real catalogue.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AttributeType, ObjectRelationType, ObjectType } from 'engine';

const SQL = fileURLToPath(new URL('../../server/migrations/021_catalogue.sql', import.meta.url));

const list = (s: string) => [...s.matchAll(/'([^']*)'/g)].map((m) => m[1]);

export function catalogue(): { objectTypes: ObjectType[]; relationTypes: ObjectRelationType[] } {
  const sql = readFileSync(SQL, 'utf8');
  const objectTypes: ObjectType[] = [];
  for (const m of sql.matchAll(/\((\d+), '(\w+)', '(\w+)', (\d+), '(node|edge|path)'\)/g)) {
    objectTypes.push({ id: Number(m[1]), family: m[2], name: m[3], objectTypeCategoryId: Number(m[4]), geometryKind: m[5] as ObjectType['geometryKind'],
      attributeTypes: [{ name: 'name', alias: 'Name', type: 'String' }] });
  }
  const attrRow = /\('(\w+)', '(\w+)', '([^']*)', '(List|Boolean|Integer|Float|String|Text)', (true|false), (NULL|'[^']*'), (NULL(?:::text\[\])?|'\{[^}]*\}'::text\[\]), \d+\)/g;
  for (const m of sql.matchAll(attrRow)) {
    const at: AttributeType = { name: m[2], alias: m[3], type: m[4] as AttributeType['type'], required: m[5] === 'true' };
    if (m[6] !== 'NULL') at.defaultValue = m[6].slice(1, -1);
    if (m[7].startsWith("'")) at.allowedValues = m[7].slice(2, m[7].indexOf('}')).split(',');
    for (const t of objectTypes) if (t.name === m[1]) t.attributeTypes.push({ ...at });
  }
  const phase = /SELECT id, 'Phase'[^;]*?WHERE family IN \(([^)]*)\) AND name IN \(([^)]*)\)/s.exec(sql);
  if (!phase) throw new Error('021_catalogue.sql: no Phase attribute statement');
  const [families, names] = [list(phase[1]), list(phase[2])];
  for (const t of objectTypes) if (families.includes(t.family!) && names.includes(t.name)) t.attributeTypes.push({ name: 'Phase', alias: 'Phase', type: 'String' });
  const relationTypes: ObjectRelationType[] = [];
  for (const m of sql.matchAll(/\('(\w+)', '(\w+)', (\d+), (\d+), '(Flow|Via|Contains)', (\d+), (\d+), (true|false)\)/g)) {
    relationTypes.push({ name: m[2], fromObjectTypeId: Number(m[3]), toObjectTypeId: Number(m[4]), relationType: m[5] as ObjectRelationType['relationType'],
      fromMultiplicity: Number(m[6]), toMultiplicity: Number(m[7]), cascadingDelete: m[8] === 'true' });
  }
  return { objectTypes, relationTypes };
}
