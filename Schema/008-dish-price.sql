-- tagproj project schema, version 8: a dish tag can carry its price, drawn after its name in the
-- same bubble. See README.md here.

-- The price a dish carries, as a canonical amount (`38`, `12.50`, as a price tag's text); NULL when
-- it carries none, and always NULL for a price tag. Every tag of an older project carries none.
ALTER TABLE tags ADD COLUMN price TEXT
    CHECK (price IS NULL OR (kind = 'dish' AND length(price) BETWEEN 1 AND 15));

-- The price in each before and after image of a tag an edit touched; NULL for none (every image
-- an older project recorded).
ALTER TABLE history_changes ADD COLUMN before_price TEXT;
ALTER TABLE history_changes ADD COLUMN after_price TEXT;
