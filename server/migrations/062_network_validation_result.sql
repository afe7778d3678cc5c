-- Results of the whole-network validators (graph_integrity and the engine's network validators) per network version
-- (issue 15): at 10⁶ edges one run is a job of a minute or more, so every app process on this database answers the
-- same call at the same version from here instead of running it again (after a restart, or on another process).
-- `key` is the SHA-1 of what the results depend on besides the version: the catalogue of the project's family, its
-- effective settings and demarcation, the scenario, the validator and its params. Rows of older versions are deleted
-- when a newer version's results are stored.
CREATE TABLE IF NOT EXISTS network_validation_result (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  key text NOT NULL,
  version bigint NOT NULL,
  results jsonb NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, version, key)
);
