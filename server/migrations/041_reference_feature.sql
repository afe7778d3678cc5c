-- Reference data served offline by /api/geodata (WFS, WMS) and /api/cocon (WFS, tiles) (spec 3 §7, issue 12): one
-- table for every reference layer, told apart by `layer` (the WFS typename / WMS layer / tile set name: trees_neo,
-- address_objects, heat_sources, cocon_dp, cocon2, …). organisation_id NULL = shared with everyone, else only that
-- organisation sees the row. Geometry is GeoJSON in EPSG:3857 with its native bounding box in `box` (GiST, &&).
CREATE TABLE IF NOT EXISTS reference_feature (
  uuid uuid PRIMARY KEY,
  organisation_id integer REFERENCES organisations(id) ON DELETE CASCADE,
  layer text NOT NULL CHECK (layer ~ '^[A-Za-z][A-Za-z0-9_-]{0,63}$'),
  name text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  geometry jsonb NOT NULL CHECK (geometry->>'type' IN ('Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon')),
  box box NOT NULL,
  -- Where the row came from: 'demo' (the demo seed) or 'upload:{fileId}' (POST /api/geodata/import).
  source text NOT NULL DEFAULT 'upload',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS reference_feature_box_idx ON reference_feature USING gist (box);
CREATE INDEX IF NOT EXISTS reference_feature_layer_idx ON reference_feature (layer, organisation_id);
