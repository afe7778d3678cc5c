-- Distribution points get a `connections` attribute (spec 3 §4: the DP fill state reads physical capacity, capacity and
-- connections): an imported or planned connection count. Without a value, validation counts the customer
-- connections related to the DP (engine/validation/dp-capacity.ts).
INSERT INTO attribute_type (object_type_id, name, alias, type, required, default_value, allowed_values, sort)
SELECT id, 'connections', 'Connections', 'Integer', false, NULL, NULL, 3 FROM object_type WHERE name = 'splicebox'
ON CONFLICT DO NOTHING;
