-- tagproj project schema, version 3: price formats, and settings changes in the history.

-- How prices are written: the symbol before or after the amount, a space between or not, and the
-- decimal separator. The defaults are what every earlier project drew: ¥12.50.
ALTER TABLE project ADD COLUMN price_symbol TEXT NOT NULL DEFAULT 'before' CHECK (price_symbol IN ('before', 'after'));
ALTER TABLE project ADD COLUMN price_space INTEGER NOT NULL DEFAULT 0 CHECK (price_space IN (0, 1));
ALTER TABLE project ADD COLUMN decimal_separator TEXT NOT NULL DEFAULT '.' CHECK (decimal_separator IN ('.', ','));

-- The settings before and after a history entry that changed them (`tagproj set`); entries that
-- change only tags have no row here.
CREATE TABLE history_settings (
    seq                      INTEGER PRIMARY KEY REFERENCES history (seq),
    before_currency          TEXT    NOT NULL,
    before_font              TEXT    NOT NULL,
    before_price_symbol      TEXT    NOT NULL,
    before_price_space       INTEGER NOT NULL,
    before_decimal_separator TEXT    NOT NULL,
    after_currency           TEXT    NOT NULL,
    after_font               TEXT    NOT NULL,
    after_price_symbol       TEXT    NOT NULL,
    after_price_space        INTEGER NOT NULL,
    after_decimal_separator  TEXT    NOT NULL
);
