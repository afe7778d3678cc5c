-- Tile answers (Arrow window reads, the map's area loading) kept in the database (issue 15): what a process keeps in
-- memory per tile (server/network/tile-cache.ts) — the answer's gzip (the one its gzip-accepting clients are sent), the
-- network version it was read at and the ids of every network object its read found — is also stored, so another app process, or this one after a restart, answers a
-- tile read before by any of them from one row, checked against the change log as a kept tile is
-- (server/network/tile-stored.ts). key: the tile cache's key (scenario, filter, window). A cache: rows may be dropped
-- at any time (the oldest written beyond NETWORK_STORED_TILES a project are).
CREATE TABLE IF NOT EXISTS network_tile (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  key text NOT NULL,
  version bigint NOT NULL,
  objects text[] NOT NULL,
  gz bytea NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, key)
);
ALTER TABLE network_tile ALTER COLUMN gz SET STORAGE EXTERNAL;
CREATE INDEX IF NOT EXISTS network_tile_stored_at_idx ON network_tile (project_id, stored_at);
