-- tagproj project schema, version 6: a project carries the subsets of the font faces its tags are
-- drawn with, so it exports the same on a machine without those fonts. See README.md here.

-- Each subset once, however many tags and history entries use it: content-addressed by `digest`
-- (FNV-1a 64 of `bytes`); two rows never hold the same bytes.
CREATE TABLE font_subsets (
    id         INTEGER PRIMARY KEY,
    digest     INTEGER NOT NULL,
    family     TEXT    NOT NULL CHECK (length(family) BETWEEN 1 AND 256),
    style      TEXT    NOT NULL CHECK (length(style) <= 256),
    file       TEXT    NOT NULL CHECK (length(file) <= 4096),
    face_index INTEGER NOT NULL CHECK (face_index >= 0),
    is_color   INTEGER NOT NULL CHECK (is_color IN (0, 1)),
    glyphs     INTEGER NOT NULL CHECK (glyphs >= 1),
    bytes      BLOB    NOT NULL CHECK (length(bytes) BETWEEN 12 AND 4194304)
);
CREATE INDEX font_subsets_digest ON font_subsets (digest);

-- The faces each tag is drawn with now, in fallback order (priority 0: the family's own face).
-- A tag without rows is drawn with the installed fonts, as in projects of version 3.
CREATE TABLE tag_fonts (
    tag_id    INTEGER NOT NULL,
    priority  INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 100000),
    subset_id INTEGER NOT NULL REFERENCES font_subsets (id),
    PRIMARY KEY (tag_id, priority)
) WITHOUT ROWID;

-- What an entry changed of the tags' faces: for each tag whose faces it changed, the rows of
-- `tag_fonts` before and after. Undo writes the before rows, redo the after rows.
CREATE TABLE history_fonts (
    seq       INTEGER NOT NULL,
    tag_id    INTEGER NOT NULL,
    state     TEXT    NOT NULL CHECK (state IN ('before', 'after')),
    priority  INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 100000),
    subset_id INTEGER NOT NULL REFERENCES font_subsets (id),
    PRIMARY KEY (seq, tag_id, state, priority)
) WITHOUT ROWID;
