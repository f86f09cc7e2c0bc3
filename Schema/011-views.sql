-- tagproj project schema, version 11: the editor (`tagproj open`) keeps the photo's view it drew
-- last, so that the next open at the same size shows it without decoding the photo. See README.md
-- here.

-- One row per view size, at most two (the sizes drawn last: a window and a phone, say): the whole
-- picture as the editor shows it under its tags (orientation and crop applied, resampled to
-- WIDTH×HEIGHT, no tag), as a JPEG. `drawn_from` says what it was drawn from (the tagproj version,
-- the photo's digest, its orientation and the crop), so one that no longer matches is drawn again;
-- `drawn` orders the rows by when they were drawn. Keeping a view is not an edit: it makes no
-- history entry.
CREATE TABLE views (
    id         INTEGER PRIMARY KEY,
    width      INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
    height     INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
    drawn_from TEXT NOT NULL CHECK (length(drawn_from) BETWEEN 1 AND 200),
    drawn      INTEGER NOT NULL CHECK (drawn >= 0),
    bytes      BLOB NOT NULL CHECK (length(bytes) BETWEEN 1 AND 33554432),
    UNIQUE (width, height)
);
