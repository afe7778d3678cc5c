-- Column stores of whole-project network reads kept per project scope and version (issue 15): the columns a process
-- filled by five binary COPYs (server/network/scan-read.ts) are stored as parts of one byte string
-- (server/network/scan-serial.ts), so another process, or this one after a restart, reads them in one COPY and brings
-- them to the current version from the change log instead of reading every row again. scope: '' the base network,
-- else the scenario's id. One version per scope: a write replaces every part. STORAGE EXTERNAL: the parts are not
-- compressed (they are written once and read whole; pglz would cost more than the bytes it saves).
CREATE TABLE IF NOT EXISTS network_columns (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  scope text NOT NULL,
  version bigint NOT NULL,
  part integer NOT NULL,
  body bytea NOT NULL,
  PRIMARY KEY (project_id, scope, part)
);
ALTER TABLE network_columns ALTER COLUMN body SET STORAGE EXTERNAL;
