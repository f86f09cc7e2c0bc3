#include "tp_sqlite.h"

int tp_sqlite_db_config_flag(sqlite3 *db, int op, int on, int *now) {
    return sqlite3_db_config(db, op, on, now);
}
