-- Admin settings (issue 16, policy admin.settings): sign-in settings stored in the database (they override the
-- environment, read without a restart), the layer offer per organisation (a layer switched off is not offered to that
-- organisation's users), and the audit log of every change to them.
CREATE TABLE IF NOT EXISTS admin_setting (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS organisation_layer_offer (
  organisation_id integer NOT NULL,
  layer_name text NOT NULL,
  offered boolean NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, layer_name)
);

CREATE TABLE IF NOT EXISTS admin_event_log (
  id bigserial PRIMARY KEY,
  organisation_id integer,
  user_id integer,
  type text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS admin_event_log_org_idx ON admin_event_log (organisation_id, id);
