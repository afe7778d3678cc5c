-- Object-type catalogue per family (general, fttx, zpi, gzm, water, heat, low_voltage): object types, attribute
-- types and object relation types, seeded from the object kinds and relation types of spec 3 §4.
-- Id blocks: general 1-99, fttx 100-199, zpi 200-299, gzm 300-399, water 400-499, heat 500-599, low voltage 600-699.
-- Multiplicities: the most relations of that type one from-instance (fromMultiplicity) or one to-instance
-- (toMultiplicity) may take part in; 0 = unlimited.
CREATE TABLE IF NOT EXISTS object_type (
  id integer PRIMARY KEY,
  family text NOT NULL,
  name text NOT NULL,
  object_type_category_id integer NOT NULL,
  geometry_kind text NOT NULL CHECK (geometry_kind IN ('node', 'edge', 'path')),
  UNIQUE (family, name)
);

CREATE TABLE IF NOT EXISTS attribute_type (
  object_type_id integer NOT NULL REFERENCES object_type(id),
  name text NOT NULL,
  alias text,
  description text,
  type text NOT NULL CHECK (type IN ('List', 'Boolean', 'Integer', 'Float', 'String', 'Text')),
  required boolean NOT NULL DEFAULT false,
  default_value text,
  allowed_values text[],
  hidden boolean NOT NULL DEFAULT false,
  disabled boolean NOT NULL DEFAULT false,
  hint text,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (object_type_id, name)
);

CREATE TABLE IF NOT EXISTS object_relation_type (
  family text NOT NULL,
  name text NOT NULL,
  from_object_type_id integer NOT NULL REFERENCES object_type(id),
  to_object_type_id integer NOT NULL REFERENCES object_type(id),
  relation_type text NOT NULL CHECK (relation_type IN ('Flow', 'Via', 'Contains')),
  from_multiplicity integer NOT NULL DEFAULT 0,
  to_multiplicity integer NOT NULL DEFAULT 0,
  cascading_delete boolean NOT NULL DEFAULT false,
  PRIMARY KEY (family, name)
);

-- category: 1 point, 2 line, 3 path, 4 cost/activity, 5 annotation
INSERT INTO object_type (id, family, name, object_type_category_id, geometry_kind) VALUES
  (1, 'general', 'node', 1, 'node'), (2, 'general', 'edge', 2, 'edge'), (3, 'general', 'supply_point', 1, 'node'),
  (4, 'general', 'demand_point', 1, 'node'), (5, 'general', 'branch_point', 1, 'node'), (6, 'general', 'path', 3, 'path'),
  (7, 'general', 'note', 5, 'node'), (8, 'general', 'extra_material', 4, 'node'), (9, 'general', 'extra_activity', 4, 'node'),
  (10, 'general', 'measurement', 5, 'edge'), (11, 'general', 'stack_label', 5, 'node'), (12, 'general', 'trace', 2, 'edge'),
  (101, 'fttx', 'access_point', 1, 'node'), (102, 'fttx', 'enclosure', 1, 'node'), (103, 'fttx', 'customer_connection', 1, 'node'),
  (104, 'fttx', 'point_element', 1, 'node'), (105, 'fttx', 'cable', 3, 'path'), (106, 'fttx', 'trench', 2, 'edge'),
  (107, 'fttx', 'conduit', 2, 'edge'), (108, 'fttx', 'activity', 4, 'edge'), (109, 'fttx', 'address', 1, 'node'),
  (110, 'fttx', 'trace', 2, 'edge'), (111, 'fttx', 'splicebox', 1, 'node'), (112, 'fttx', 'duct', 2, 'edge'),
  (113, 'fttx', 'drilling', 2, 'edge'), (114, 'fttx', 'trench_repair', 2, 'edge'), (115, 'fttx', 'cable_loop', 1, 'node'),
  (116, 'fttx', 'inner_duct', 2, 'edge'), (117, 'fttx', 'technical_path', 3, 'path'),
  (201, 'zpi', 'access_point', 1, 'node'), (202, 'zpi', 'splicebox', 1, 'node'), (203, 'zpi', 'customer_connection', 1, 'node'),
  (204, 'zpi', 'cable', 3, 'path'), (205, 'zpi', 'duct', 2, 'edge'), (206, 'zpi', 'trench', 2, 'edge'),
  (207, 'zpi', 'inner_duct', 2, 'edge'), (208, 'zpi', 'activity', 4, 'edge'), (209, 'zpi', 'technical_path', 3, 'path'),
  (210, 'zpi', 'trace', 2, 'edge'),
  (301, 'gzm', 'customer_connection', 1, 'node'), (302, 'gzm', 'fbe', 1, 'node'), (303, 'gzm', 'fse', 1, 'node'),
  (304, 'gzm', 'trace', 2, 'edge'), (305, 'gzm', 'coupler', 1, 'node'), (306, 'gzm', 'duct', 2, 'edge'),
  (307, 'gzm', 'cable', 3, 'path'), (308, 'gzm', 'conduit', 2, 'edge'), (309, 'gzm', 'activity', 4, 'edge'),
  (310, 'gzm', 'drilling', 2, 'edge'), (311, 'gzm', 'trench_repair', 2, 'edge'), (312, 'gzm', 'trench', 2, 'edge'),
  (313, 'gzm', 'y_coupler', 1, 'node'), (314, 'gzm', 'inner_duct', 2, 'edge'), (315, 'gzm', 'midway_weld', 1, 'node'),
  (401, 'water', 'connector_pipe', 2, 'edge'), (402, 'water', 'service_point', 1, 'node'), (403, 'water', 'fire_hydrant', 1, 'node'),
  (404, 'water', 'prospective_pipe', 2, 'edge'), (405, 'water', 'pipe', 2, 'edge'), (406, 'water', 'branch_point', 1, 'node'),
  (407, 'water', 'valve', 1, 'node'),
  (501, 'heat', 'primary_pipe', 2, 'edge'), (502, 'heat', 'secondary_pipe', 2, 'edge'), (503, 'heat', 'heat_source', 1, 'node'),
  (504, 'heat', 'connection', 2, 'edge'), (505, 'heat', 'substation', 1, 'node'), (506, 'heat', 'starting_point', 1, 'node'),
  (507, 'heat', 'cap', 1, 'node'), (508, 'heat', 'lu', 1, 'node'), (509, 'heat', 'trench', 2, 'edge'),
  (601, 'low_voltage', 'cap', 1, 'node'), (602, 'low_voltage', 'customer_cable', 2, 'edge'), (603, 'low_voltage', 'joint', 1, 'node'),
  (604, 'low_voltage', 'lu', 1, 'node'), (605, 'low_voltage', 'main_cable', 2, 'edge'), (606, 'low_voltage', 'msr', 1, 'node'),
  (607, 'low_voltage', 'msr_area', 1, 'node'), (608, 'low_voltage', 'trench', 2, 'edge')
ON CONFLICT (id) DO NOTHING;

-- Every object type has a name.
INSERT INTO attribute_type (object_type_id, name, alias, type, sort)
SELECT id, 'name', 'Name', 'String', 0 FROM object_type
ON CONFLICT DO NOTHING;

INSERT INTO attribute_type (object_type_id, name, alias, type, required, default_value, allowed_values, sort)
SELECT ot.id, a.name, a.alias, a.type, a.required, a.default_value, a.allowed_values, a.sort
FROM object_type ot
JOIN (VALUES
  ('duct', 'Existing', 'Existing', 'Boolean', true, 'false', NULL::text[], 1),
  ('duct', 'duct_type', 'Duct type', 'List', true, '7x14', '{1x6,2x14,3x14,5x14,7x14,multi_fu,riser,blown}'::text[], 2),
  ('duct', 'usage', 'Usage', 'List', false, 'distribution', '{city_ring,feeding,distribution,dac,dg_access_net,multi_fu,riser,blown_fiber,single}'::text[], 3),
  ('inner_duct', 'colour', 'Colour', 'List', false, NULL, '{red,white,yellow,blue,green,violet,brown,black,orange,turquoise,pink,grey}'::text[], 1),
  ('cable', 'fibers', 'Fibres', 'List', true, '48', '{12,24,48,96,144,192,288}'::text[], 1),
  ('cable', 'usage', 'Usage', 'List', false, 'distribution', '{city_ring,feeding,distribution,dac,dg_access_net,multi_fu,riser,blown_fiber,single}'::text[], 2),
  ('trench', 'drilling_type', 'Drilling type', 'List', false, NULL, '{archSinker,asphalt_sawing,directional_drilling,pressing,tree_drilling,garden_drilling,manual_digging,not_applicable,existing_pressing,existing_drilling,impact_ramming,service_trench,nanodrill}'::text[], 1),
  ('trench', 'coverage_type', 'Coverage type', 'String', false, NULL, NULL, 2),
  ('trench', 'house_connection', 'House connection', 'Boolean', false, 'false', NULL, 3),
  ('trace', 'trace_type', 'Trace type', 'List', true, 'Trench', '{BIS,Trench,Drilling,Aerial,Facade}'::text[], 1),
  ('activity', 'cost_object_type', 'Cost object type', 'String', false, NULL, NULL, 1),
  ('activity', 'installation_method', 'Installation method', 'List', false, 'trench', '{trench,aerial,facade,drilling}'::text[], 2),
  ('customer_connection', 'status', 'Status', 'List', true, 'connect', '{connect,reserve,dontConnect}'::text[], 1),
  ('customer_connection', 'building_type', 'Building type', 'List', false, 'lowRise', '{duplex,highRise,haltingSitePlot,lowRise,mooring}'::text[], 2),
  ('customer_connection', 'address', 'Address', 'String', false, NULL, NULL, 3),
  ('customer_connection', 'demand', 'Demand', 'Integer', false, '1', NULL, 4),
  ('splicebox', 'capacity', 'Capacity', 'Integer', true, '46', NULL, 1),
  ('splicebox', 'physical_capacity', 'Physical capacity', 'Integer', false, '48', NULL, 2),
  ('access_point', 'capacity', 'Capacity', 'Integer', true, '100', NULL, 1),
  ('access_point', 'cost', 'Cost', 'Float', false, '75000', NULL, 2),
  ('pipe', 'status', 'Status', 'List', true, 'new', '{existing,new,replace}'::text[], 1),
  ('pipe', 'diameter', 'Diameter', 'Integer', false, '110', NULL, 2),
  ('prospective_pipe', 'diameter', 'Diameter', 'Integer', false, '110', NULL, 1),
  ('connector_pipe', 'diameter', 'Diameter', 'Integer', false, '32', NULL, 1),
  ('service_point', 'house_type', 'House type', 'List', false, 'TerracedHouse', '{Apartment,TerracedHouse,MediumHouse,LargeHouse}'::text[], 1),
  ('service_point', 'volumetric_flow', 'Volumetric flow', 'Float', false, NULL, NULL, 2),
  ('service_point', 'end_pressure', 'End pressure', 'Float', false, NULL, NULL, 3),
  ('primary_pipe', 'pipeType', 'Pipe type', 'String', false, NULL, NULL, 1),
  ('secondary_pipe', 'pipeType', 'Pipe type', 'String', false, NULL, NULL, 1),
  ('lu', 'gj', 'Energy demand (GJ)', 'Float', false, NULL, NULL, 1),
  ('main_cable', 'kind', 'Cable kind', 'List', true, 'LowVoltageMain', '{LowVoltageMain,LowVoltageCustomer}'::text[], 1),
  ('customer_cable', 'kind', 'Cable kind', 'List', true, 'LowVoltageCustomer', '{LowVoltageMain,LowVoltageCustomer}'::text[], 1),
  ('msr', 'power', 'Power (kVA)', 'Float', false, '400', NULL, 1),
  ('note', 'text', 'Text', 'Text', false, NULL, NULL, 1)
) AS a(type_name, name, alias, type, required, default_value, allowed_values, sort) ON a.type_name = ot.name
ON CONFLICT DO NOTHING;

-- Phase attribute on the network-building types of the fibre families.
INSERT INTO attribute_type (object_type_id, name, alias, type, sort)
SELECT id, 'Phase', 'Phase', 'String', 9 FROM object_type
WHERE family IN ('fttx', 'zpi', 'gzm') AND name IN ('duct', 'cable', 'trench', 'splicebox', 'customer_connection')
ON CONFLICT DO NOTHING;

INSERT INTO object_relation_type (family, name, from_object_type_id, to_object_type_id, relation_type, from_multiplicity, to_multiplicity, cascading_delete) VALUES
  ('fttx', 'trench_contains_duct', 106, 112, 'Contains', 0, 1, false),
  ('fttx', 'duct_contains_cable', 112, 105, 'Contains', 0, 0, false),
  ('fttx', 'duct_contains_inner_duct', 112, 116, 'Contains', 24, 1, true),
  ('fttx', 'inner_duct_contains_cable', 116, 105, 'Contains', 1, 0, false),
  ('fttx', 'activity_contains_cable', 108, 105, 'Contains', 0, 1, false),
  ('fttx', 'activity_contains_duct', 108, 112, 'Contains', 0, 1, false),
  ('fttx', 'access_point_feeds_splicebox', 101, 111, 'Flow', 0, 1, false),
  ('fttx', 'splicebox_technical_path', 111, 117, 'Flow', 0, 1, false),
  ('fttx', 'technical_path_customer_connection', 117, 103, 'Flow', 1, 1, true),
  ('fttx', 'cascade_path', 111, 111, 'Flow', 0, 1, false),
  ('fttx', 'cable_via_splicebox', 105, 111, 'Via', 0, 0, false),
  ('zpi', 'trench_contains_duct', 206, 205, 'Contains', 0, 1, false),
  ('zpi', 'duct_contains_cable', 205, 204, 'Contains', 0, 0, false),
  ('zpi', 'duct_contains_inner_duct', 205, 207, 'Contains', 24, 1, true),
  ('zpi', 'activity_contains_cable', 208, 204, 'Contains', 0, 1, false),
  ('zpi', 'activity_contains_duct', 208, 205, 'Contains', 0, 1, false),
  ('zpi', 'access_point_feeds_splicebox', 201, 202, 'Flow', 0, 1, false),
  ('zpi', 'splicebox_technical_path', 202, 209, 'Flow', 0, 1, false),
  ('zpi', 'technical_path_customer_connection', 209, 203, 'Flow', 1, 1, true),
  ('zpi', 'cascade_path', 202, 202, 'Flow', 0, 1, false),
  ('gzm', 'trench_contains_duct', 312, 306, 'Contains', 0, 1, false),
  ('gzm', 'duct_contains_cable', 306, 307, 'Contains', 0, 0, false),
  ('gzm', 'duct_contains_inner_duct', 306, 314, 'Contains', 24, 1, true),
  ('gzm', 'activity_contains_cable', 309, 307, 'Contains', 0, 1, false),
  ('gzm', 'activity_contains_duct', 309, 306, 'Contains', 0, 1, false),
  ('gzm', 'coupler_links_duct', 305, 306, 'Via', 0, 0, false),
  ('gzm', 'y_coupler_links_duct', 313, 306, 'Via', 3, 0, false),
  ('gzm', 'midway_weld_links_duct', 315, 306, 'Via', 2, 0, false),
  ('gzm', 'fbe_feeds_customer_connection', 302, 301, 'Flow', 0, 1, false),
  ('water', 'pipe_feeds_service_point', 405, 402, 'Flow', 0, 1, false),
  ('water', 'connector_pipe_feeds_service_point', 401, 402, 'Flow', 1, 1, false),
  ('water', 'valve_on_pipe', 407, 405, 'Via', 1, 0, false),
  ('water', 'fire_hydrant_on_pipe', 403, 405, 'Via', 1, 0, false),
  ('heat', 'heat_source_feeds_primary_pipe', 503, 501, 'Flow', 0, 1, false),
  ('heat', 'substation_feeds_secondary_pipe', 505, 502, 'Flow', 0, 1, false),
  ('heat', 'connection_feeds_lu', 504, 508, 'Flow', 1, 1, false),
  ('heat', 'trench_contains_pipe', 509, 502, 'Contains', 0, 1, false),
  ('low_voltage', 'msr_feeds_main_cable', 606, 605, 'Flow', 0, 1, false),
  ('low_voltage', 'joint_links_customer_cable', 603, 602, 'Via', 0, 0, false),
  ('low_voltage', 'customer_cable_feeds_cap', 602, 601, 'Flow', 1, 1, false),
  ('low_voltage', 'trench_contains_cable', 608, 605, 'Contains', 0, 1, false)
ON CONFLICT DO NOTHING;
