-- tagproj project schema, version 15: what each history entry did, so that its label is worded
-- in the reader's language when it is shown. See README.md here.

-- Compact JSON with a version (`{"v":1,"do":"move","id":3,"to":"0.400,0.520"}`, as
-- `LabelWording.encoded` writes it), beside the English `label`, which is still written (older
-- readers, `--json`, and what is shown when this cannot be read). NULL for the entries made
-- before this version: their stored label is shown as it is.
ALTER TABLE history ADD COLUMN wording TEXT
    CHECK (wording IS NULL OR length(CAST(wording AS BLOB)) BETWEEN 1 AND 8192);
