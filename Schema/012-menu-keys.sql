-- tagproj project schema, version 12: which tag `tagproj menu` gave each of its keys, kept in the
-- project itself, written in the same transaction as the menu's edits. See README.md here.

-- One row per key of the menu's rows for this project's photo (the `key` cell, or the dish's
-- name): the dish tag that row was given. Replaced whole by each menu run that changes the
-- project. An id that no longer names a dish tag (deleted, its addition undone) matches nothing:
-- ids are never reused. It is a memory, not part of the history: undo and redo leave it alone.
CREATE TABLE menu_keys (
    key    TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 4096),
    tag_id INTEGER NOT NULL CHECK (tag_id > 0)
) WITHOUT ROWID;
