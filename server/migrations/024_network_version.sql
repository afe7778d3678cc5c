-- A counter bumped with every network write of a project: app processes cache whole-project reads against it.
ALTER TABLE project ADD COLUMN IF NOT EXISTS network_version bigint NOT NULL DEFAULT 0;
