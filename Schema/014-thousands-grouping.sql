-- tagproj project schema, version 14: a price format may group thousands (`¥1,280`, `1.280,50 €`).
-- See README.md here.

-- What stands between each three digits of a price's whole part: ',', '.', a space or U+202F
-- (never the decimal separator, which `ProjectSettings.validated()` checks on reading), or ''
-- for none. Every earlier project grouped none.
ALTER TABLE project ADD COLUMN grouping_separator TEXT NOT NULL DEFAULT ''
    CHECK (grouping_separator IN ('', ',', '.', ' ', char(8239)));

-- A `set` that changed the format keeps the grouping before and after; entries from before this
-- version left it at what it was, which for them was none.
ALTER TABLE history_settings ADD COLUMN before_grouping_separator TEXT NOT NULL DEFAULT '';
ALTER TABLE history_settings ADD COLUMN after_grouping_separator TEXT NOT NULL DEFAULT '';
