-- tagproj project schema: the history becomes a tree that never throws work away.

-- Each entry records the entry it was applied on top of (0: the empty start), so an edit after
-- undo starts a new branch beside the old one instead of deleting it. A parent is always an
-- older entry, so the entries form a tree rooted at the start. Every earlier history was one
-- line: entry n was applied on top of n - 1, and its redo tail becomes the branch beyond the cursor.
ALTER TABLE history ADD COLUMN parent INTEGER NOT NULL DEFAULT 0 CHECK (parent >= 0 AND parent < seq);
UPDATE history SET parent = seq - 1;

-- When, by whom and from which front end the entry was made. Entries older than this migration
-- have none (NULL): they are shown as having no time.
ALTER TABLE history ADD COLUMN time_ms INTEGER CHECK (time_ms >= 0);
ALTER TABLE history ADD COLUMN user TEXT CHECK (length(user) <= 256);
ALTER TABLE history ADD COLUMN front_end TEXT CHECK (length(front_end) <= 64);
-- The session (getsid) of the process that made it: two shells have two sessions, so undo can
-- say when it undoes an edit made in another one.
ALTER TABLE history ADD COLUMN session INTEGER;

-- redo follows a child of the cursor, and undo its parent: both indexed lookups.
CREATE INDEX history_by_parent ON history (parent, seq);
