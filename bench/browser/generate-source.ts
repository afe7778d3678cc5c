// The browser bench's network generator as plain JavaScript source (evaluated inside both bench pages, so the app
// and the EditableGeoJsonLayer baseline get the same data without shipping it over the DevTools protocol).
// (n) → wire network objects in EPSG:3857 near Utrecht: a street grid of 30-unit two-point edges, each with a trench
// instance (object type 106); every 10th node a customer connection (103).
export const GENERATE_JS = `(n) => {
  const R = 6378137, ox = R * 5.07 * Math.PI / 180, oy = R * Math.log(Math.tan(Math.PI / 4 + 52.09 * Math.PI / 360));
  const S = 30, G = Math.ceil(Math.sqrt(n / 2)) + 1, objs = [], made = new Set();
  const node = (i, j) => {
    const id = 'n' + i + '_' + j;
    if (made.has(id)) return id;
    made.add(id);
    const o = { id, projectId: 0, node: { geometry: { type: 'Point', coordinates: [ox + i * S, oy + j * S] } } };
    if ((i * 7 + j) % 10 === 0) o.objectInstances = [{ id: 'i' + id, objectTypeId: 103, networkObjectId: id, attributeValues: [] }];
    objs.push(o);
    return id;
  };
  let e = 0;
  for (let j = 0; j < G && e < n; j++) for (let i = 0; i < G && e < n; i++) for (const [di, dj] of [[1, 0], [0, 1]]) {
    if (e >= n) break;
    const a = node(i, j), b = node(i + di, j + dj), id = 'e' + e++;
    objs.push({ id, projectId: 0, edge: { fromNodeId: a, toNodeId: b, geometry: { type: 'LineString', coordinates: [[ox + i * S, oy + j * S], [ox + (i + di) * S, oy + (j + dj) * S]] } },
      objectInstances: [{ id: 'i' + id, objectTypeId: 106, networkObjectId: id, attributeValues: [] }] });
  }
  return objs;
}`;

export const OBJECT_TYPES = [
  { id: 103, name: 'customer_connection', geometryKind: 'node', attributeTypes: [] },
  { id: 106, name: 'trench', geometryKind: 'edge', attributeTypes: [] },
];
