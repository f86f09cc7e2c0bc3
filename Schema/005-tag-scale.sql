-- tagproj project schema, version 5: the tag scale.

-- How large every tag is drawn, 1 being the look's own size (a fraction of the picture's shorter
-- side). Every earlier project drew its tags at 1. The domain (0.25 to 4) is checked on reading.
ALTER TABLE project ADD COLUMN tag_scale REAL NOT NULL DEFAULT 1;

-- A `set` that changed the scale keeps it before and after; entries from before this version
-- changed other settings and left the scale at what it was, which for them was 1.
ALTER TABLE history_settings ADD COLUMN before_tag_scale REAL NOT NULL DEFAULT 1;
ALTER TABLE history_settings ADD COLUMN after_tag_scale REAL NOT NULL DEFAULT 1;
