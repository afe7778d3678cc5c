-- Stored project map features (spec 3 §3 "Map feature (stored)"): every stored feature table of the product
-- (fttx_feature, custom_layer_feature, note, heat_feature, esdl_*, pipe-network tables) shares this one table and is
-- told apart by table_name (the WFS typename) and type (the layer's type filter). Geometry is GeoJSON in EPSG:3857
-- with its native bounding box in `box` for GiST bbox queries (&&).
CREATE TABLE IF NOT EXISTS feature (
  uuid uuid PRIMARY KEY,
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  table_name text NOT NULL DEFAULT 'fttx_feature' CHECK (table_name IN ('fttx_feature', 'custom_layer_feature', 'external',
    'esdl_asset', 'esdl_area', 'esdl_port', 'heat_feature', 'note', 'substation', 'starting_point', 'cap',
    'starting_point_shape', 'lu', 'pipe')),
  type text NOT NULL,
  layer text,
  category text,
  name text,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(properties) = 'object'),
  geometry jsonb NOT NULL CHECK (geometry->>'type' IN ('Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon')),
  box box NOT NULL,
  topology_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS feature_box_idx ON feature USING gist (box);
CREATE INDEX IF NOT EXISTS feature_project_type_idx ON feature (project_id, table_name, type);
CREATE INDEX IF NOT EXISTS feature_topology_idx ON feature (project_id, topology_id);
