-- The count and box of a project's network objects per scenario scope, at the network version they were read at
-- (GET network_object/extent; issue 15): at 10⁶ edges the scan takes 0.3–0.7 s on the open's critical path, so every
-- app process (and a restarted one) answers the same version from here. One row per project and scope ('' for the
-- base network, else the scenario id), replaced by a newer version's.
CREATE TABLE IF NOT EXISTS network_extent (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  scope text NOT NULL,
  version bigint NOT NULL,
  count bigint NOT NULL,
  bbox float8[],
  PRIMARY KEY (project_id, scope)
);
