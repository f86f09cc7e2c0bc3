-- tagproj project schema, version 7: the editor never writes over a file it did not write. It
-- needs the photo's file name (never a name to export to) and the pictures it wrote itself (the
-- only files beside the project it may replace). See README.md here.

-- The base name of the file the photo was read from at `new` (NULL in a project made before).
ALTER TABLE source ADD COLUMN file_name TEXT
    CHECK (file_name IS NULL OR (length(file_name) BETWEEN 1 AND 1024 AND instr(file_name, '/') = 0));

-- Each picture the editor wrote beside the project, by base name, with what identifies that file
-- as the one written (device, inode, size, modification time in nanoseconds): a file at that name
-- that is not it (the user's own, put there since) is never replaced.
CREATE TABLE written_pictures (
    name     TEXT PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 1024 AND instr(name, '/') = 0),
    device   INTEGER NOT NULL,
    inode    INTEGER NOT NULL,
    size     INTEGER NOT NULL CHECK (size >= 0),
    mtime_ns INTEGER NOT NULL
) WITHOUT ROWID;
