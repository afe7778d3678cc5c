-- Per-user settings: profile refresh state and street-level imagery (jsonb documents), layer settings per map
-- context, and one-time single sign-on states.
CREATE TABLE IF NOT EXISTS user_settings (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('profiles', 'cyclomedia')),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

CREATE TABLE IF NOT EXISTS layer_settings (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  map_context text NOT NULL,
  layer_name text NOT NULL,
  layer_style text,
  opacity double precision NOT NULL DEFAULT 1,
  visible boolean NOT NULL DEFAULT true,
  UNIQUE (user_id, map_context, layer_name)
);

CREATE TABLE IF NOT EXISTS sso_states (
  state text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
