-- The latest result of each validator per project (issue 16, statistics' validation pass rate): written by
-- POST /api/project/{id}/validations, one row per project and validator, replaced on every run.
CREATE TABLE IF NOT EXISTS validation_run (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  name text NOT NULL,
  passed boolean NOT NULL,
  results integer NOT NULL,
  results_passed integer NOT NULL,
  ran_by integer,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, name)
);
