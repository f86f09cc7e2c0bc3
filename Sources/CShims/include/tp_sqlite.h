#ifndef TP_SQLITE_H
#define TP_SQLITE_H
#include <sqlite3.h>

/// Sets an on/off `sqlite3_db_config` option (a variadic call Swift cannot make).
/// Returns SQLite's result code; `*now` receives the value now in force.
int tp_sqlite_db_config_flag(sqlite3 *db, int op, int on, int *now);

/// Frees the connection's unused cached pages (`sqlite3_db_release_memory`) and gives the freed
/// heap back to the system (glibc's `malloc_trim`), so that pages read once (a photo's blob)
/// do not stay resident while the picture is decoded. Returns SQLite's result code.
int tp_sqlite_release_memory(sqlite3 *db);

/// Number of schema migrations embedded in the binary (the files in Schema/, in order).
int tp_schema_count(void);
/// SQL text of migration `index` (0-based, migration `index + 1`), NUL-terminated, or NULL.
const char *tp_schema_sql(int index);

/// Test-only: the microseconds of sleep SQLite's busy handler has asked for on the calling thread
/// since the process began counting, which the first call starts (it puts in place, once, as the
/// default VFS, the default one with its xSleep counted; connections opened after it count). A
/// test of how long a command waits on a lock reads what it asked to wait, not a clock.
long long tp_test_requested_sleep_us(void);

#endif
