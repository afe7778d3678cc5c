-- The network of a project: network objects (node, edge or path; GeoJSON geometry plus a native box for bbox
-- queries), path edges in order, object instances, attribute values and relations. Keyed by project first; foreign
-- keys keep the graph whole (an edge's end nodes exist, a path edge's edge and start node exist).
CREATE TABLE IF NOT EXISTS network_object (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  id text NOT NULL,
  scenario_id integer,
  kind text NOT NULL CHECK (kind IN ('node', 'edge', 'path')),
  geometry jsonb,
  from_node_id text,
  to_node_id text,
  two_way boolean,
  length double precision,
  bbox box,
  PRIMARY KEY (project_id, id),
  CHECK (kind <> 'edge' OR (from_node_id IS NOT NULL AND to_node_id IS NOT NULL AND from_node_id <> to_node_id)),
  FOREIGN KEY (project_id, from_node_id) REFERENCES network_object (project_id, id),
  FOREIGN KEY (project_id, to_node_id) REFERENCES network_object (project_id, id)
);
CREATE INDEX IF NOT EXISTS network_object_bbox_idx ON network_object USING gist (bbox);
CREATE INDEX IF NOT EXISTS network_object_from_idx ON network_object (project_id, from_node_id);
CREATE INDEX IF NOT EXISTS network_object_to_idx ON network_object (project_id, to_node_id);

CREATE TABLE IF NOT EXISTS path_edge (
  project_id integer NOT NULL,
  id text NOT NULL,
  path_id text NOT NULL,
  edge_id text NOT NULL,
  start_node_id text NOT NULL,
  seq integer NOT NULL,
  PRIMARY KEY (project_id, id),
  FOREIGN KEY (project_id, path_id) REFERENCES network_object (project_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, edge_id) REFERENCES network_object (project_id, id),
  FOREIGN KEY (project_id, start_node_id) REFERENCES network_object (project_id, id)
);
CREATE INDEX IF NOT EXISTS path_edge_path_idx ON path_edge (project_id, path_id, seq);
CREATE INDEX IF NOT EXISTS path_edge_edge_idx ON path_edge (project_id, edge_id);

CREATE TABLE IF NOT EXISTS object_instance (
  project_id integer NOT NULL,
  id text NOT NULL,
  object_type_id integer NOT NULL REFERENCES object_type(id),
  network_object_id text NOT NULL,
  PRIMARY KEY (project_id, id),
  FOREIGN KEY (project_id, network_object_id) REFERENCES network_object (project_id, id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS object_instance_no_idx ON object_instance (project_id, network_object_id);
CREATE INDEX IF NOT EXISTS object_instance_type_idx ON object_instance (project_id, object_type_id);

CREATE TABLE IF NOT EXISTS attribute_value (
  project_id integer NOT NULL,
  object_instance_id text NOT NULL,
  attribute_type_name text NOT NULL,
  value text,
  PRIMARY KEY (project_id, object_instance_id, attribute_type_name),
  FOREIGN KEY (project_id, object_instance_id) REFERENCES object_instance (project_id, id) ON DELETE CASCADE
);

CREATE TABLE IF NOT EXISTS relation (
  project_id integer NOT NULL,
  from_id text NOT NULL,
  to_id text NOT NULL,
  relation_type_name text NOT NULL,
  PRIMARY KEY (project_id, from_id, to_id, relation_type_name),
  FOREIGN KEY (project_id, from_id) REFERENCES object_instance (project_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, to_id) REFERENCES object_instance (project_id, id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS relation_to_idx ON relation (project_id, to_id);
