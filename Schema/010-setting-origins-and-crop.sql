-- tagproj project schema, version 10: where each setting came from at `new`, and the crop in the
-- history (`tagproj set --crop`). See README.md here.

-- Where `new` took each setting from: 'flag', 'default', 'config:' and the config file's path, or
-- 'locale:' and the locale's name. NULL: not recorded (a project made before this version).
ALTER TABLE project ADD COLUMN currency_origin TEXT
    CHECK (currency_origin IS NULL OR length(CAST(currency_origin AS BLOB)) BETWEEN 1 AND 4200);
ALTER TABLE project ADD COLUMN price_format_origin TEXT
    CHECK (price_format_origin IS NULL OR length(CAST(price_format_origin AS BLOB)) BETWEEN 1 AND 4200);
ALTER TABLE project ADD COLUMN font_origin TEXT
    CHECK (font_origin IS NULL OR length(CAST(font_origin AS BLOB)) BETWEEN 1 AND 4200);
ALTER TABLE project ADD COLUMN tag_scale_origin TEXT
    CHECK (tag_scale_origin IS NULL OR length(CAST(tag_scale_origin AS BLOB)) BETWEEN 1 AND 4200);

-- The crop is a setting the history carries: an entry that changed any setting keeps the crop
-- before and after it, as fractions of the upright photo. No entry before this version changed
-- the crop, so each had the crop the project has now.
ALTER TABLE history_settings ADD COLUMN before_crop_x REAL;
ALTER TABLE history_settings ADD COLUMN before_crop_y REAL;
ALTER TABLE history_settings ADD COLUMN before_crop_w REAL;
ALTER TABLE history_settings ADD COLUMN before_crop_h REAL;
ALTER TABLE history_settings ADD COLUMN after_crop_x REAL;
ALTER TABLE history_settings ADD COLUMN after_crop_y REAL;
ALTER TABLE history_settings ADD COLUMN after_crop_w REAL;
ALTER TABLE history_settings ADD COLUMN after_crop_h REAL;
UPDATE history_settings SET
    (before_crop_x, before_crop_y, before_crop_w, before_crop_h, after_crop_x, after_crop_y, after_crop_w, after_crop_h) =
    (SELECT crop_x, crop_y, crop_w, crop_h, crop_x, crop_y, crop_w, crop_h FROM source WHERE id = 1);
