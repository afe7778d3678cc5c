-- Spatial cell keys of the network's instances, values and relations (issue 15): a window read (the map's tiles) found
-- a tile's ≈ 9 000 instances, ≈ 30 000 values and their relations by one btree probe per id (≈ 40 000 probes on random
-- UUID keys, ≈ 0.2 s of a 0.3 s tile read at 10⁶ edges). With the cell of their network object stored beside them, the
-- rows of the objects whose box centre lies in the window's cells come from a few index range scans; the rest (objects
-- reaching in from outside, the closure) are still read by id (server/network/scan-window.ts).
-- network_cell: the 512-unit cell of a box's centre as one bigint (clamped far outside any CRS's plane). A path has no
-- box, hence no cell: the CASE keeps greatest/least from turning NULL into one (and, unlike STRICT, the function
-- inlinable).
CREATE OR REPLACE FUNCTION network_cell(b box) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN b IS NULL THEN NULL ELSE (least(greatest(floor((center(b))[0] / 512), -1048575), 1048575)::bigint + 1048576) * 2097152
    + (least(greatest(floor((center(b))[1] / 512), -1048575), 1048575)::bigint + 1048576) END $$;

ALTER TABLE object_instance ADD COLUMN IF NOT EXISTS cell bigint;
ALTER TABLE attribute_value ADD COLUMN IF NOT EXISTS cell bigint;
ALTER TABLE relation ADD COLUMN IF NOT EXISTS from_cell bigint;
ALTER TABLE relation ADD COLUMN IF NOT EXISTS to_cell bigint;

-- Rows already stored: their cells, without logging them as network changes (nothing a read answers changes).
ALTER TABLE object_instance DISABLE TRIGGER object_instance_log_upd;
ALTER TABLE attribute_value DISABLE TRIGGER attribute_value_log_upd;
ALTER TABLE relation DISABLE TRIGGER relation_log_upd;
UPDATE object_instance i SET cell = network_cell(o.bbox) FROM network_object o WHERE o.project_id = i.project_id AND o.id = i.network_object_id AND o.bbox IS NOT NULL;
UPDATE attribute_value a SET cell = i.cell FROM object_instance i WHERE i.project_id = a.project_id AND i.id = a.object_instance_id AND i.cell IS NOT NULL;
UPDATE relation r SET from_cell = f.cell, to_cell = t.cell FROM object_instance f, object_instance t
  WHERE f.project_id = r.project_id AND f.id = r.from_id AND t.project_id = r.project_id AND t.id = r.to_id AND (f.cell IS NOT NULL OR t.cell IS NOT NULL);
ALTER TABLE object_instance ENABLE TRIGGER object_instance_log_upd;
ALTER TABLE attribute_value ENABLE TRIGGER attribute_value_log_upd;
ALTER TABLE relation ENABLE TRIGGER relation_log_upd;
-- The backfill wrote a new version of every row: rebuild the indexes it left half empty (≈ 30 s at 10⁶ edges).
REINDEX TABLE object_instance;
REINDEX TABLE attribute_value;
REINDEX TABLE relation;

CREATE INDEX IF NOT EXISTS object_instance_cell_idx ON object_instance (project_id, cell);
CREATE INDEX IF NOT EXISTS attribute_value_cell_idx ON attribute_value (project_id, cell);
CREATE INDEX IF NOT EXISTS relation_from_cell_idx ON relation (project_id, from_cell);
CREATE INDEX IF NOT EXISTS relation_to_cell_idx ON relation (project_id, to_cell);

-- Kept by triggers on every write path. On insert a row takes the cell of what it belongs to unless the writer gives it
-- (the bulk writer does: its rows of one statement cannot see each other); a row that moves to another parent takes the
-- new parent's cell; an object whose box centre moves to another cell carries its instances, their values and relations.
CREATE OR REPLACE FUNCTION network_cell_instance() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' AND NEW.cell IS NOT NULL THEN RETURN NEW
  ; END IF
  ; NEW.cell := (SELECT network_cell(o.bbox) FROM network_object o WHERE o.project_id = NEW.project_id AND o.id = NEW.network_object_id)
  ; RETURN NEW
; END $$;

CREATE OR REPLACE FUNCTION network_cell_value() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' AND NEW.cell IS NOT NULL THEN RETURN NEW
  ; END IF
  ; NEW.cell := (SELECT i.cell FROM object_instance i WHERE i.project_id = NEW.project_id AND i.id = NEW.object_instance_id)
  ; RETURN NEW
; END $$;

CREATE OR REPLACE FUNCTION network_cell_relation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' AND (NEW.from_cell IS NOT NULL OR NEW.to_cell IS NOT NULL) THEN RETURN NEW
  ; END IF
  ; NEW.from_cell := (SELECT i.cell FROM object_instance i WHERE i.project_id = NEW.project_id AND i.id = NEW.from_id)
  ; NEW.to_cell := (SELECT i.cell FROM object_instance i WHERE i.project_id = NEW.project_id AND i.id = NEW.to_id)
  ; RETURN NEW
; END $$;

CREATE OR REPLACE FUNCTION network_cell_object_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE object_instance SET cell = network_cell(NEW.bbox) WHERE project_id = NEW.project_id AND network_object_id = NEW.id
  ; RETURN NULL
; END $$;

CREATE OR REPLACE FUNCTION network_cell_instance_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE attribute_value SET cell = NEW.cell WHERE project_id = NEW.project_id AND object_instance_id = NEW.id
  ; UPDATE relation SET from_cell = NEW.cell WHERE project_id = NEW.project_id AND from_id = NEW.id
  ; UPDATE relation SET to_cell = NEW.cell WHERE project_id = NEW.project_id AND to_id = NEW.id
  ; RETURN NULL
; END $$;

CREATE TRIGGER object_instance_cell BEFORE INSERT OR UPDATE OF network_object_id ON object_instance FOR EACH ROW EXECUTE FUNCTION network_cell_instance();
CREATE TRIGGER attribute_value_cell BEFORE INSERT OR UPDATE OF object_instance_id ON attribute_value FOR EACH ROW EXECUTE FUNCTION network_cell_value();
CREATE TRIGGER relation_cell BEFORE INSERT OR UPDATE OF from_id, to_id ON relation FOR EACH ROW EXECUTE FUNCTION network_cell_relation();
CREATE TRIGGER network_object_cell_moved AFTER UPDATE ON network_object FOR EACH ROW
  WHEN (network_cell(OLD.bbox) IS DISTINCT FROM network_cell(NEW.bbox)) EXECUTE FUNCTION network_cell_object_moved();
CREATE TRIGGER object_instance_cell_moved AFTER UPDATE ON object_instance FOR EACH ROW
  WHEN (OLD.cell IS DISTINCT FROM NEW.cell) EXECUTE FUNCTION network_cell_instance_moved();

-- Rows whose cell is not their parent's (tests check it is always 0 after any write).
CREATE OR REPLACE FUNCTION network_cell_mismatches(pid integer) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM object_instance i JOIN network_object o ON o.project_id = i.project_id AND o.id = i.network_object_id
      WHERE i.project_id = pid AND i.cell IS DISTINCT FROM network_cell(o.bbox))
    + (SELECT count(*) FROM attribute_value a JOIN object_instance i ON i.project_id = a.project_id AND i.id = a.object_instance_id
      WHERE a.project_id = pid AND a.cell IS DISTINCT FROM i.cell)
    + (SELECT count(*) FROM relation r JOIN object_instance f ON f.project_id = r.project_id AND f.id = r.from_id
      JOIN object_instance t ON t.project_id = r.project_id AND t.id = r.to_id
      WHERE r.project_id = pid AND (r.from_cell IS DISTINCT FROM f.cell OR r.to_cell IS DISTINCT FROM t.cell)) $$;
