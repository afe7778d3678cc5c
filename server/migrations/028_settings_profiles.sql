-- Settings profiles applied to a project (profile uuid → applied_at, ISO text): which profiles a project's settings
-- came from and when, so a later change of a profile (updated_at > applied_at) can offer a refresh (spec 2 §4).
ALTER TABLE fttx_settings ADD COLUMN IF NOT EXISTS applied_profiles jsonb NOT NULL DEFAULT '{}'::jsonb;
