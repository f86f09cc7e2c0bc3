#include "tp_sqlite.h"

#include <malloc.h>

int tp_sqlite_db_config_flag(sqlite3 *db, int op, int on, int *now) {
    return sqlite3_db_config(db, op, on, now);
}

int tp_sqlite_release_memory(sqlite3 *db) {
    int rc = sqlite3_db_release_memory(db);
    malloc_trim(0);
    return rc;
}
