-- Foundation: server meta table (the rest of the schema arrives in later migrations).
CREATE TABLE IF NOT EXISTS server_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
