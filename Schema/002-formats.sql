-- tagproj project schema, version 2: the photo may also be WebP, HEIC or AVIF.
-- SQLite cannot change a CHECK constraint, so `source` is rebuilt with the wider one and its one
-- row copied over; every other table is untouched (nothing references `source`). Runs inside the
-- migrator's transaction, so a project is either at version 1 or at version 2, never between.

CREATE TABLE source_v2 (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    format        TEXT    NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'heic', 'avif')),
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

INSERT INTO source_v2 (id, format, byte_count, stored_width, stored_height, orientation, has_icc,
                       crop_x, crop_y, crop_w, crop_h, width, height)
    SELECT id, format, byte_count, stored_width, stored_height, orientation, has_icc,
           crop_x, crop_y, crop_w, crop_h, width, height
    FROM source;

DROP TABLE source;
ALTER TABLE source_v2 RENAME TO source;
