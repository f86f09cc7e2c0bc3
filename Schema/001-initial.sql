-- tagproj project schema, version 1. Applied once, in one transaction, when a project is created.
-- A shipped migration is never edited; later versions add files 002-…, 003-…. See README.md here.

PRAGMA application_id = 1413564240;  -- 0x54414750, 'TAGP'

-- What editing needs to know of the photo. The bytes live in their own table, so that reading
-- these columns never walks the blob's overflow pages: an edit costs the same whatever the photo.
CREATE TABLE source (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    format        TEXT    NOT NULL CHECK (format IN ('jpeg', 'png')),
    byte_count    INTEGER NOT NULL CHECK (byte_count > 0),
    stored_width  INTEGER NOT NULL CHECK (stored_width > 0),
    stored_height INTEGER NOT NULL CHECK (stored_height > 0),
    orientation   INTEGER NOT NULL CHECK (orientation BETWEEN 1 AND 8),
    has_icc       INTEGER NOT NULL CHECK (has_icc IN (0, 1)),
    crop_x        REAL    NOT NULL CHECK (crop_x >= 0 AND crop_x < 1),
    crop_y        REAL    NOT NULL CHECK (crop_y >= 0 AND crop_y < 1),
    crop_w        REAL    NOT NULL CHECK (crop_w > 0 AND crop_x + crop_w <= 1.000001),
    crop_h        REAL    NOT NULL CHECK (crop_h > 0 AND crop_y + crop_h <= 1.000001),
    width         INTEGER NOT NULL CHECK (width > 0),
    height        INTEGER NOT NULL CHECK (height > 0)
);

-- The photo, stored exactly as imported (never re-encoded).
CREATE TABLE source_bytes (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    bytes BLOB    NOT NULL
);

-- Project settings and counters: exactly one row.
CREATE TABLE project (
    id             INTEGER PRIMARY KEY CHECK (id = 1),
    currency       TEXT    NOT NULL,
    font           TEXT    NOT NULL,
    next_tag_id    INTEGER NOT NULL CHECK (next_tag_id >= 1),
    history_cursor INTEGER NOT NULL CHECK (history_cursor >= 0),
    created_with   TEXT    NOT NULL
);

-- The tags as they are now.
CREATE TABLE tags (
    id          INTEGER PRIMARY KEY CHECK (id >= 1),
    kind        TEXT    NOT NULL CHECK (kind IN ('dish', 'price')),
    text        TEXT    NOT NULL CHECK (length(text) BETWEEN 1 AND 1024),
    x           REAL    NOT NULL CHECK (x >= 0 AND x <= 1),
    y           REAL    NOT NULL CHECK (y >= 0 AND y <= 1),
    side        TEXT    NOT NULL CHECK (side IN ('left', 'right')),
    label_em    REAL    NOT NULL CHECK (label_em >= 0)
);

-- One row per edit, in order. Entries with seq <= project.history_cursor are applied;
-- the rest are the redo tail.
CREATE TABLE history (
    seq   INTEGER PRIMARY KEY CHECK (seq >= 1),
    label TEXT    NOT NULL
);

-- What each edit changed: the touched tag before and after it (NULL columns: the tag did not exist).
CREATE TABLE history_changes (
    seq             INTEGER NOT NULL REFERENCES history (seq),
    tag_id          INTEGER NOT NULL,
    before_kind     TEXT,
    before_text     TEXT,
    before_x        REAL,
    before_y        REAL,
    before_side     TEXT,
    before_label_em REAL,
    after_kind      TEXT,
    after_text      TEXT,
    after_x         REAL,
    after_y         REAL,
    after_side      TEXT,
    after_label_em  REAL,
    PRIMARY KEY (seq, tag_id)
) WITHOUT ROWID;
