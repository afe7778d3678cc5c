-- Change log of network writes (server/network/snapshot.ts): for each version of a project, the network objects whose
-- answer in a whole-project read may differ. Written by statement triggers (transition tables) on the five network
-- tables in the writing transaction, so every writer — list calls, delete-all, cascades, seeds — is covered; the
-- version bump at the end of the transaction stamps them (network_stamp). network_log_from: the log is complete for
-- versions above it (raised by pruning and by trigger-less bulk loads).
ALTER TABLE project ADD COLUMN IF NOT EXISTS network_log_from bigint NOT NULL DEFAULT 0;
UPDATE project SET network_log_from = network_version;

CREATE TABLE IF NOT EXISTS network_change (
  project_id integer NOT NULL,
  version bigint NOT NULL,
  object_id text NOT NULL,
  PRIMARY KEY (project_id, version, object_id)
);

-- Records (project, object) pairs of a statement, stamped -txid until network_stamp gives them the version.
CREATE OR REPLACE FUNCTION network_log(pids integer[], oids text[]) RETURNS void LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO network_change (project_id, version, object_id)
  SELECT DISTINCT p, -txid_current(), o FROM unnest(pids, oids) AS t(p, o) WHERE o IS NOT NULL
  ON CONFLICT DO NOTHING
; END $$;

-- Bumps the project's network_version and stamps this transaction's logged changes with it. Called last in every
-- network write transaction (bumpNetworkVersion): the project row stays locked from here to commit, so versions are
-- stamped in commit order. Changes a writer leaves unstamped (plain SQL) stay negative: readers treat them as changed.
CREATE OR REPLACE FUNCTION network_stamp(pid integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint
; BEGIN
  UPDATE project SET network_version = network_version + 1, updated_at = now() WHERE id = pid RETURNING network_version INTO v
  ; UPDATE network_change SET version = v WHERE project_id = pid AND version = -txid_current()
  ; RETURN v
; END $$;

CREATE OR REPLACE FUNCTION network_log_object() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM network_log(array_agg(project_id), array_agg(id)) FROM (SELECT project_id, id FROM ot UNION ALL SELECT project_id, id FROM nt) x
  ; ELSE PERFORM network_log(array_agg(project_id), array_agg(id)) FROM nt
  ; END IF
  ; RETURN NULL
; END $$;

CREATE OR REPLACE FUNCTION network_log_path_edge() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM network_log(array_agg(project_id), array_agg(path_id)) FROM (SELECT project_id, path_id FROM ot UNION ALL SELECT project_id, path_id FROM nt) x
  ; ELSE PERFORM network_log(array_agg(project_id), array_agg(path_id)) FROM nt
  ; END IF
  ; RETURN NULL
; END $$;

CREATE OR REPLACE FUNCTION network_log_instance() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM network_log(array_agg(project_id), array_agg(network_object_id)) FROM (SELECT project_id, network_object_id FROM ot UNION ALL SELECT project_id, network_object_id FROM nt) x
  ; ELSE PERFORM network_log(array_agg(project_id), array_agg(network_object_id)) FROM nt
  ; END IF
  ; RETURN NULL
; END $$;

-- Values and relations: the objects of their instances (an instance deleted in the same statement is logged by its
-- own trigger).
CREATE OR REPLACE FUNCTION network_log_value() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM network_log(array_agg(i.project_id), array_agg(i.network_object_id))
    FROM (SELECT DISTINCT project_id, object_instance_id FROM (SELECT project_id, object_instance_id FROM ot UNION ALL SELECT project_id, object_instance_id FROM nt) y) x
    JOIN object_instance i ON i.project_id = x.project_id AND i.id = x.object_instance_id
  ; ELSE PERFORM network_log(array_agg(i.project_id), array_agg(i.network_object_id))
    FROM (SELECT DISTINCT project_id, object_instance_id FROM nt) x JOIN object_instance i ON i.project_id = x.project_id AND i.id = x.object_instance_id
  ; END IF
  ; RETURN NULL
; END $$;

CREATE OR REPLACE FUNCTION network_log_relation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'UPDATE' THEN PERFORM network_log(array_agg(i.project_id), array_agg(i.network_object_id))
    FROM (SELECT DISTINCT project_id, e FROM (SELECT project_id, from_id AS e FROM ot UNION ALL SELECT project_id, to_id FROM ot UNION ALL SELECT project_id, from_id FROM nt UNION ALL SELECT project_id, to_id FROM nt) y) x
    JOIN object_instance i ON i.project_id = x.project_id AND i.id = x.e
  ; ELSE PERFORM network_log(array_agg(i.project_id), array_agg(i.network_object_id))
    FROM (SELECT DISTINCT project_id, e FROM (SELECT project_id, from_id AS e FROM nt UNION ALL SELECT project_id, to_id FROM nt) y) x
    JOIN object_instance i ON i.project_id = x.project_id AND i.id = x.e
  ; END IF
  ; RETURN NULL
; END $$;

CREATE TRIGGER network_object_log_ins AFTER INSERT ON network_object REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_object();
CREATE TRIGGER network_object_log_upd AFTER UPDATE ON network_object REFERENCING OLD TABLE AS ot NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_object();
CREATE TRIGGER network_object_log_del AFTER DELETE ON network_object REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_object();
CREATE TRIGGER path_edge_log_ins AFTER INSERT ON path_edge REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_path_edge();
CREATE TRIGGER path_edge_log_upd AFTER UPDATE ON path_edge REFERENCING OLD TABLE AS ot NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_path_edge();
CREATE TRIGGER path_edge_log_del AFTER DELETE ON path_edge REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_path_edge();
CREATE TRIGGER object_instance_log_ins AFTER INSERT ON object_instance REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_instance();
CREATE TRIGGER object_instance_log_upd AFTER UPDATE ON object_instance REFERENCING OLD TABLE AS ot NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_instance();
CREATE TRIGGER object_instance_log_del AFTER DELETE ON object_instance REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_instance();
CREATE TRIGGER attribute_value_log_ins AFTER INSERT ON attribute_value REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_value();
CREATE TRIGGER attribute_value_log_upd AFTER UPDATE ON attribute_value REFERENCING OLD TABLE AS ot NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_value();
CREATE TRIGGER attribute_value_log_del AFTER DELETE ON attribute_value REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_value();
CREATE TRIGGER relation_log_ins AFTER INSERT ON relation REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_relation();
CREATE TRIGGER relation_log_upd AFTER UPDATE ON relation REFERENCING OLD TABLE AS ot NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_relation();
CREATE TRIGGER relation_log_del AFTER DELETE ON relation REFERENCING OLD TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION network_log_relation();

-- A project's log goes with it.
CREATE OR REPLACE FUNCTION network_log_forget() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  DELETE FROM network_change WHERE project_id = OLD.id
  ; RETURN NULL
; END $$;
CREATE TRIGGER project_network_log_forget AFTER DELETE ON project FOR EACH ROW EXECUTE FUNCTION network_log_forget();
