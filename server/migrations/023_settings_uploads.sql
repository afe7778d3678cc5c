-- Project settings stores (fttx settings, capex rule sets), settings profiles, and uploaded files.
CREATE TABLE IF NOT EXISTS fttx_settings (
  project_id integer PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS capex_rule_set (
  project_id integer PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
  rule_set jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS profile (
  organisation_id integer NOT NULL,
  uuid uuid NOT NULL,
  name text NOT NULL,
  project_type_id integer REFERENCES project_type(id),
  type text NOT NULL,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, uuid)
);
CREATE UNIQUE INDEX IF NOT EXISTS profile_uuid_idx ON profile (uuid);

CREATE TABLE IF NOT EXISTS upload (
  organisation_id integer NOT NULL,
  uuid uuid NOT NULL,
  user_id integer,
  filename text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, uuid)
);
CREATE UNIQUE INDEX IF NOT EXISTS upload_uuid_idx ON upload (uuid);
