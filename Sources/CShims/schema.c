// The schema migrations of Schema/, embedded in the binary at build time with C23 #embed,
// so a copied binary carries them. A shipped migration is never edited: add a new file.
#include "tp_sqlite.h"
#include <stddef.h>

static const char migration_001[] = {
#embed "../../Schema/001-initial.sql"
    , 0};

static const char migration_002[] = {
#embed "../../Schema/002-formats.sql"
    , 0};

static const char migration_003[] = {
#embed "../../Schema/003-price-format-and-settings-history.sql"
    , 0};

static const char migration_004[] = {
#embed "../../Schema/004-history-tree.sql"
    , 0};

static const char migration_005[] = {
#embed "../../Schema/005-tag-scale.sql"
    , 0};

static const char migration_006[] = {
#embed "../../Schema/006-project-fonts.sql"
    , 0};

static const char migration_007[] = {
#embed "../../Schema/007-source-file-and-written-pictures.sql"
    , 0};

static const char migration_008[] = {
#embed "../../Schema/008-dish-price.sql"
    , 0};

static const char migration_009[] = {
#embed "../../Schema/009-thumbnails.sql"
    , 0};

static const char migration_010[] = {
#embed "../../Schema/010-setting-origins-and-crop.sql"
    , 0};

static const char migration_011[] = {
#embed "../../Schema/011-views.sql"
    , 0};

static const char migration_012[] = {
#embed "../../Schema/012-menu-keys.sql"
    , 0};

static const char migration_013[] = {
#embed "../../Schema/013-text-language.sql"
    , 0};

static const char migration_014[] = {
#embed "../../Schema/014-thousands-grouping.sql"
    , 0};

static const char migration_015[] = {
#embed "../../Schema/015-label-wording.sql"
    , 0};

static const char *const migrations[] = {migration_001, migration_002, migration_003, migration_004, migration_005,
                                         migration_006, migration_007, migration_008, migration_009, migration_010,
                                         migration_011, migration_012, migration_013, migration_014,
                                         migration_015};

int tp_schema_count(void) { return (int)(sizeof migrations / sizeof migrations[0]); }

const char *tp_schema_sql(int index) {
    if (index < 0 || index >= tp_schema_count()) return NULL;
    return migrations[index];
}
