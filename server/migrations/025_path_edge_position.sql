-- Path edge order key as the engine keeps it (`position`: ascending, ties by id; a split puts the new half between
-- two keys), stored in seq so the server orders a path exactly as the engine does and sends the key back.
ALTER TABLE path_edge ALTER COLUMN seq TYPE double precision;
