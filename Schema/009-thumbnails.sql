-- tagproj project schema, version 9: the gallery (`tagproj open DIR`) keeps each project's
-- thumbnail in the project, so that a second open reads it back instead of decoding the photo.
-- See README.md here.

-- One thumbnail per box size: the picture as export draws it (tags and all), fitting a BOX×BOX
-- square, as a JPEG. `drawn_from` says what state it was drawn from (the tagproj version, the
-- history cursor and a digest of the tags, settings and crop), so one that no longer matches is
-- drawn again; `moved_tags` counts the tags its layout had to draw away from where they stand.
-- Writing a thumbnail is not an edit: it makes no history entry.
CREATE TABLE thumbnails (
    box        INTEGER PRIMARY KEY CHECK (box BETWEEN 16 AND 2048),
    drawn_from TEXT NOT NULL CHECK (length(drawn_from) BETWEEN 1 AND 200),
    width      INTEGER NOT NULL CHECK (width BETWEEN 1 AND 2048),
    height     INTEGER NOT NULL CHECK (height BETWEEN 1 AND 2048),
    moved_tags INTEGER NOT NULL CHECK (moved_tags >= 0),
    bytes      BLOB NOT NULL CHECK (length(bytes) BETWEEN 1 AND 4194304)
);
