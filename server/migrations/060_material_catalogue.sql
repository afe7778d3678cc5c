-- Material catalogues per organisation (issue 16): one row per organisation and catalogue kind (duct_types,
-- cable_types, conduit_rules, heat_pipe_types, dh_pipe_catalogue, lv_cable_types, transformer_types, ap_cabinets)
-- holding the whole table as a JSON list; a kind without a row is the settings template's default catalogue.
CREATE TABLE IF NOT EXISTS material_catalogue (
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  kind text NOT NULL,
  entries jsonb NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organisation_id, kind)
);
