-- Users and sessions: organisations, users (password only as salted scrypt of the client's SHA-512 hex), sessions
-- with expiry, activation/reset tokens with expiry, login attempts (throttling), per-user permission overrides.
CREATE TABLE IF NOT EXISTS organisations (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id),
  email text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('root', 'administrator', 'engineer', 'demo', 'viewer')),
  language text NOT NULL DEFAULT 'en',
  active boolean NOT NULL DEFAULT true,
  password_hash text,
  totp_secret text,
  totp_enabled boolean NOT NULL DEFAULT false,
  agreement_version text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email_key ON users (lower(email));
CREATE INDEX IF NOT EXISTS users_organisation_idx ON users (organisation_id);

CREATE TABLE IF NOT EXISTS sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  totp boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user_idx ON sessions (user_id);

CREATE TABLE IF NOT EXISTS user_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('activation', 'reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE IF NOT EXISTS login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  address text NOT NULL,
  success boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_attempts_email_idx ON login_attempts (lower(email), created_at);
CREATE INDEX IF NOT EXISTS login_attempts_address_idx ON login_attempts (address, created_at);

CREATE TABLE IF NOT EXISTS user_permissions (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  path text NOT NULL,
  allowed boolean NOT NULL,
  PRIMARY KEY (user_id, path)
);

CREATE TABLE IF NOT EXISTS mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
