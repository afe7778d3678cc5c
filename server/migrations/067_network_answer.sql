-- Whole-project network answers in the Arrow form kept in the database (issue 15): the gzip of the answer a process
-- built for one read (project, filter key: server/network/routes.ts) at one network version, in parts of 16 MB, so
-- another process, or this one after a restart, sends a read of an unchanged project from one COPY — no columns to
-- load, encode or compress (server/network/answer-stored.ts). Only the newest version of a key is kept; rows are a
-- cache and may be dropped at any time. STORAGE EXTERNAL: gzip is not compressed again.
CREATE TABLE IF NOT EXISTS network_answer (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  key text NOT NULL,
  version bigint NOT NULL,
  part integer NOT NULL,
  bytes bigint NOT NULL,
  gz bytea NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, key, part)
);
ALTER TABLE network_answer ALTER COLUMN gz SET STORAGE EXTERNAL;
