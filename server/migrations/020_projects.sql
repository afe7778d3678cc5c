-- Projects, project types (both numberings of the spec reconciled), workflow states, properties, event log.
-- organisation_id is the id of the owning organisation (the users migrations own that table; no FK so the two
-- migration ranges stay independent).
CREATE TABLE IF NOT EXISTS project_type (
  id integer PRIMARY KEY,
  code text NOT NULL UNIQUE,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  family text NOT NULL,
  legacy_ids integer[] NOT NULL DEFAULT '{}',
  legacy_name text
);

CREATE TABLE IF NOT EXISTS state (
  id serial PRIMARY KEY,
  project_type_id integer NOT NULL REFERENCES project_type(id),
  step integer NOT NULL,
  name text NOT NULL,
  UNIQUE (project_type_id, step)
);

CREATE TABLE IF NOT EXISTS project (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL,
  name text NOT NULL,
  project_type_id integer NOT NULL REFERENCES project_type(id),
  project_sub_type_id integer,
  step integer NOT NULL DEFAULT 0,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  level_of_detail text NOT NULL DEFAULT 'Low',
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  lock_operation_id text,
  lock_reason text,
  locked_at timestamptz,
  locked_until timestamptz
);
CREATE INDEX IF NOT EXISTS project_org_idx ON project (organisation_id, deleted, id);

CREATE TABLE IF NOT EXISTS project_property_type (
  name text PRIMARY KEY,
  type text NOT NULL DEFAULT 'String',
  description text
);

CREATE TABLE IF NOT EXISTS project_property_value (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  property_type_name text NOT NULL REFERENCES project_property_type(name),
  value text,
  PRIMARY KEY (project_id, property_type_name)
);

CREATE TABLE IF NOT EXISTS project_in_use (
  project_id integer NOT NULL REFERENCES project(id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  since timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, user_id)
);

CREATE TABLE IF NOT EXISTS event_log (
  project_id integer NOT NULL,
  id bigserial,
  user_id integer,
  type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, id)
);

INSERT INTO project_property_type (name, type) VALUES
  ('prospective_structure', 'String'), ('service_points', 'String'), ('access_net_type', 'List'),
  ('application_id', 'String'), ('country', 'String'), ('external_id', 'String'),
  ('project_number_internal', 'String'), ('reggefiber_number', 'String'), ('request_number', 'String'),
  ('work_description', 'Text'), ('work_description_comment', 'Text'), ('chosen_scenario_id', 'Integer'),
  ('connector_pipes', 'String'), ('connector_points', 'String'), ('internal_project_id', 'String'),
  ('external_project_id', 'String'), ('a-side', 'String'), ('z-side', 'String'), ('pop_placement_mode', 'String'),
  ('network_generation_level_of_detail', 'String'), ('is_in_revision', 'Boolean'),
  ('preferred_coordinate_system', 'String'), ('cgb_code', 'String'), ('order_type', 'Integer')
ON CONFLICT (name) DO NOTHING;

-- Canonical id = the layer document's numbering (spec 3 §1); legacy_ids = set A of the users document (spec 2 §9).
INSERT INTO project_type (id, code, key, name, family, legacy_ids, legacy_name) VALUES
  (1, 'zpi', 'zpi', 'ZPI (small-scale RF)', 'zpi', '{1}', 'small-scale RF'),
  (2, 'drinkwater', 'drinkingWaterDesign', 'Drinking-water design', 'water', '{2}', 'drinking water'),
  (3, 'hbo_meerwerk', 'hboMeerwerk', 'HBO meerwerk', 'fttx', '{}', NULL),
  (4, 'na_aansluitingen', 'naAansluitingen', 'Na-aansluitingen', 'fttx', '{}', NULL),
  (5, 'gzm', 'gzm', 'GZM', 'gzm', '{}', NULL),
  (9, 'overlay', 'overlay', 'Overlay', 'fttx', '{}', NULL),
  (10, 'fttx', 'fttx', 'FTTx', 'fttx', '{7,10}', 'RFGS'),
  (11, 'caiw', 'caiw', 'CAIW', 'fttx', '{}', NULL),
  (12, 'kpn_pon', 'kpnPon', 'KPN PON', 'fttx', '{}', NULL),
  (13, 'fttx_lld', 'largeScaleLowLevel', 'Large-scale low-level', 'fttx', '{}', NULL),
  (14, 'caiw_lld', 'caiwLowLevel', 'CAIW low-level', 'fttx', '{}', NULL),
  (15, 'kpn_pon_lld', 'kpnPonLowLevel', 'KPN PON low-level', 'fttx', '{}', NULL),
  (17, 'heat_quickscan', 'heatQuickScan', 'Heat quick scan', 'heat', '{}', NULL),
  (18, 'heat_capex', 'heatCapex', 'Heat capex', 'heat', '{}', NULL),
  (19, 'ghs', 'heatSecondary', 'Heat secondary (GHS)', 'heat', '{16}', 'GHS'),
  (20, 'delta_fiber', 'deltaFiber', 'DeltaFiber', 'fttx', '{}', NULL),
  (21, 'delta_fiber_lld', 'deltaFiberLowLevel', 'DeltaFiber low-level', 'fttx', '{}', NULL),
  (22, 'capex_builder', 'capexBuilder', 'Capex builder', 'fttx', '{}', NULL),
  (23, 'capex_modeler', 'modeler', 'Capex modeler', 'heat', '{}', NULL),
  (24, 'capex_analyzer', 'analyzer', 'Capex analyzer', 'fttx', '{}', NULL),
  (25, 'dg_fp', 'dgFp', 'DG FP', 'fttx', '{20}', 'DG FP'),
  (26, 'fttx_international', 'fttxInternational', 'FTTx international', 'fttx', '{}', NULL),
  (27, 'fttx_international_pon', 'internationalPon', 'International PON', 'fttx', '{22}', 'international PON'),
  (28, 'ghp', 'heatPrimary', 'Heat primary (GHP)', 'heat', '{23}', 'GHP'),
  (29, 'geotrace', 'geotrace', 'Geotrace', 'general', '{24}', 'geotrace'),
  (30, 'low_voltage', 'lowVoltage', 'Low voltage', 'low_voltage', '{25}', 'LV'),
  (31, 'geowater', 'geowater', 'Geowater', 'water', '{26}', 'GW')
ON CONFLICT (id) DO NOTHING;

-- Workflow states per family (steps 0..n), copied to every project type of that family.
INSERT INTO state (project_type_id, step, name)
SELECT pt.id, s.step, s.name
FROM project_type pt
JOIN (VALUES
  ('fttx', 0, 'project_area'), ('fttx', 1, 'addresses'), ('fttx', 2, 'trenches'), ('fttx', 3, 'access_net'),
  ('fttx', 4, 'distribution_net'), ('fttx', 5, 'statistics'),
  ('zpi', 0, 'project_area'), ('zpi', 1, 'trenches'), ('zpi', 2, 'network'), ('zpi', 3, 'statistics'),
  ('gzm', 0, 'project_area'), ('gzm', 1, 'trenches'), ('gzm', 2, 'network'), ('gzm', 3, 'statistics'),
  ('water', 0, 'project_area'), ('water', 1, 'service_points'), ('water', 2, 'pipes'), ('water', 3, 'sections'), ('water', 4, 'statistics'),
  ('heat', 0, 'project_area'), ('heat', 1, 'demand'), ('heat', 2, 'trenches'), ('heat', 3, 'pipes'), ('heat', 4, 'statistics'),
  ('low_voltage', 0, 'project_area'), ('low_voltage', 1, 'connections'), ('low_voltage', 2, 'trenches'), ('low_voltage', 3, 'cables'), ('low_voltage', 4, 'statistics'),
  ('general', 0, 'project_area'), ('general', 1, 'route_determination'), ('general', 2, 'route_analysis')
) AS s(family, step, name) ON s.family = pt.family
ON CONFLICT (project_type_id, step) DO NOTHING;
