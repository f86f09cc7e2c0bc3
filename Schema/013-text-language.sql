-- tagproj project schema, version 13: the language of the tags' text, which picks their fonts
-- and glyph forms. See README.md here.

-- A BCP 47 tag in canonical case (`zh-Hans`, `ja`). Every earlier project shaped its labels the
-- one way `und` still does, so it is `und`. The domain is checked on reading.
ALTER TABLE project ADD COLUMN language TEXT NOT NULL DEFAULT 'und';
-- Where `new` took it from, as the other settings' origins (migration 010); NULL: not recorded.
ALTER TABLE project ADD COLUMN language_origin TEXT
    CHECK (language_origin IS NULL OR length(CAST(language_origin AS BLOB)) BETWEEN 1 AND 4200);

-- A `set` that changed the language keeps it before and after; entries from before this version
-- changed other settings and left the language at what it was, which for them was `und`.
ALTER TABLE history_settings ADD COLUMN before_language TEXT NOT NULL DEFAULT 'und';
ALTER TABLE history_settings ADD COLUMN after_language TEXT NOT NULL DEFAULT 'und';
