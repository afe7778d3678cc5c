-- Path edges by start node: serves the foreign-key check when nodes are deleted (a project's permanent delete, node
-- deletes in batches) and the "node still used by a path" check, which otherwise scan every path edge.
CREATE INDEX IF NOT EXISTS path_edge_start_idx ON path_edge (project_id, start_node_id);
