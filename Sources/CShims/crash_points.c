// Test-only crash points. With TAGPROJ_TEST_KILL_AT=POINT in its environment the process kills
// itself with SIGKILL, as `kill -9` would, the first time it reaches POINT (one of the names
// below), so that a crash test stops a command at the same step on every run, however fast or
// slow the machine (Tests/tagprojTests/Hostile/CrashTests.swift). Without the variable (always,
// outside those tests) nothing is registered and a point costs one comparison.
//
// The project file's points come from a VFS that wraps SQLite's default one, as SQLite's own crash
// tests do, made the default at start-up; `output-started` from where the encoders hand their
// output to the caller (tp_sink_drain, tp_whole_encoder_put, the AVIF encoder's write_out,
// tp_scan_write).
//
// The same VFS injects faults as SQLite's own I/O error tests do: with TAGPROJ_TEST_FAIL_AT=write:N
// the Nth write to the project file or its journal fails with SQLITE_FULL (a full disk), with
// sync:N the Nth sync fails with SQLITE_IOERR_FSYNC, so that a test reaches every write site of
// a command, one run each, without a small file system to fill or the privilege to mount one
// (Tests/tagprojTests/Hostile/FaultInjectionTests.swift).
//
// And it counts the sleeps SQLite's busy handler asks for, per thread, once a test asks
// (tp_test_requested_sleep_us), so that a test of a bounded wait on a lock reads no clock.
#include "shim_crash.h"

#include "tp_sqlite.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

static const char *const names[TP_CRASH_POINTS] = {
    [TP_CRASH_OPENED] = "opened",
    [TP_CRASH_JOURNAL_STARTED] = "journal-started",
    [TP_CRASH_JOURNAL_SYNCED] = "journal-synced",
    [TP_CRASH_DB_WRITTEN] = "db-written",
    [TP_CRASH_DB_SYNCED] = "db-synced",
    [TP_CRASH_COMMITTED] = "committed",
    [TP_CRASH_OUTPUT_STARTED] = "output-started",
};

static int armed = TP_CRASH_NONE;

/// TAGPROJ_TEST_FAIL_AT: the write or sync (counted from 1 over the process's database and journal
/// files) that fails, or 0.
static long fail_write, fail_sync, writes, syncs;

void tp_crash_point(int point) {
    if (point != TP_CRASH_NONE && point == armed) raise(SIGKILL);
}

// MARK: - The VFS

/// A file of the wrapping VFS: ours, then the default VFS's own, whose methods do the work.
typedef struct {
    sqlite3_file base;     // first: SQLite sees this
    int written, synced;   // the points its first write and sync reach
    sqlite3_file *real;    // right after this struct, szOsFile of the default VFS
} crash_file;

static sqlite3_vfs *real_vfs;

#define REAL(file) (((crash_file *)(file))->real)

static int crash_close(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int crash_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 at) {
    return REAL(f)->pMethods->xRead(REAL(f), buf, n, at);
}
static int crash_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 at) {
    if (((crash_file *)f)->written != TP_CRASH_NONE && fail_write && ++writes == fail_write) return SQLITE_FULL;
    int rc = REAL(f)->pMethods->xWrite(REAL(f), buf, n, at);
    if (rc == SQLITE_OK) tp_crash_point(((crash_file *)f)->written);
    return rc;
}
static int crash_truncate(sqlite3_file *f, sqlite3_int64 size) { return REAL(f)->pMethods->xTruncate(REAL(f), size); }
static int crash_sync(sqlite3_file *f, int flags) {
    if (((crash_file *)f)->synced != TP_CRASH_NONE && fail_sync && ++syncs == fail_sync) return SQLITE_IOERR_FSYNC;
    int rc = REAL(f)->pMethods->xSync(REAL(f), flags);
    if (rc == SQLITE_OK) tp_crash_point(((crash_file *)f)->synced);
    return rc;
}
static int crash_file_size(sqlite3_file *f, sqlite3_int64 *size) { return REAL(f)->pMethods->xFileSize(REAL(f), size); }
static int crash_lock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xLock(REAL(f), level); }
static int crash_unlock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xUnlock(REAL(f), level); }
static int crash_check_lock(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int crash_control(sqlite3_file *f, int op, void *arg) { return REAL(f)->pMethods->xFileControl(REAL(f), op, arg); }
static int crash_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int crash_device(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int crash_shm_map(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return REAL(f)->pMethods->xShmMap(REAL(f), region, size, extend, out);
}
static int crash_shm_lock(sqlite3_file *f, int offset, int n, int flags) {
    return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags);
}
static void crash_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int crash_shm_unmap(sqlite3_file *f, int delete) { return REAL(f)->pMethods->xShmUnmap(REAL(f), delete); }
static int crash_fetch(sqlite3_file *f, sqlite3_int64 at, int n, void **out) {
    return REAL(f)->pMethods->xFetch(REAL(f), at, n, out);
}
static int crash_unfetch(sqlite3_file *f, sqlite3_int64 at, void *p) { return REAL(f)->pMethods->xUnfetch(REAL(f), at, p); }

static const sqlite3_io_methods crash_methods = {
    3, crash_close, crash_read, crash_write, crash_truncate, crash_sync, crash_file_size, crash_lock, crash_unlock,
    crash_check_lock, crash_control, crash_sector, crash_device, crash_shm_map, crash_shm_lock, crash_shm_barrier,
    crash_shm_unmap, crash_fetch, crash_unfetch,
};

static int crash_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    crash_file *f = (crash_file *)file;
    f->real = (sqlite3_file *)(f + 1);
    int db = (flags & SQLITE_OPEN_MAIN_DB) != 0, journal = (flags & SQLITE_OPEN_MAIN_JOURNAL) != 0;
    f->written = db ? TP_CRASH_DB_WRITTEN : journal ? TP_CRASH_JOURNAL_STARTED : TP_CRASH_NONE;
    f->synced = db ? TP_CRASH_DB_SYNCED : journal ? TP_CRASH_JOURNAL_SYNCED : TP_CRASH_NONE;
    int rc = real_vfs->xOpen(real_vfs, name, f->real, flags, out_flags);
    file->pMethods = f->real->pMethods ? &crash_methods : NULL;  // SQLite closes what has methods
    if (rc == SQLITE_OK && db) tp_crash_point(TP_CRASH_OPENED);
    return rc;
}

/// Deleting the rollback journal is what commits a transaction in journal_mode DELETE.
static int crash_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    (void)vfs;
    int rc = real_vfs->xDelete(real_vfs, name, sync_dir);
    size_t len = strlen(name), suffix = strlen("-journal");
    if (rc == SQLITE_OK && len > suffix && strcmp(name + len - suffix, "-journal") == 0) tp_crash_point(TP_CRASH_COMMITTED);
    return rc;
}

static sqlite3_vfs crash_vfs;

/// Reads TAGPROJ_TEST_KILL_AT and TAGPROJ_TEST_FAIL_AT before main; a database point or a fault
/// puts the wrapping VFS in place.
__attribute__((constructor)) static void arm_crash_point(void) {
    const char *at = getenv("TAGPROJ_TEST_KILL_AT"), *fault = getenv("TAGPROJ_TEST_FAIL_AT");
    for (int point = TP_CRASH_OPENED; at && point < TP_CRASH_POINTS; point++)
        if (strcmp(at, names[point]) == 0) armed = point;
    if (fault && strncmp(fault, "write:", 6) == 0) fail_write = strtol(fault + 6, NULL, 10);
    if (fault && strncmp(fault, "sync:", 5) == 0) fail_sync = strtol(fault + 5, NULL, 10);
    int database_point = armed != TP_CRASH_NONE && armed != TP_CRASH_OUTPUT_STARTED;
    if ((!database_point && fail_write <= 0 && fail_sync <= 0) || !(real_vfs = sqlite3_vfs_find(NULL))) return;
    crash_vfs = *real_vfs;  // the rest of the default VFS's methods, as they are
    crash_vfs.pNext = NULL;
    crash_vfs.zName = "tagproj-crash-points";
    crash_vfs.szOsFile = (int)sizeof(crash_file) + real_vfs->szOsFile;
    crash_vfs.xOpen = crash_open;
    crash_vfs.xDelete = crash_delete;
    sqlite3_vfs_register(&crash_vfs, 1);
}

// MARK: - The sleep ledger

static sqlite3_vfs ledger_vfs, *slept_vfs;
static _Thread_local long long requested_us;

static int ledger_sleep(sqlite3_vfs *vfs, int us) {
    (void)vfs;
    requested_us += us;
    return slept_vfs->xSleep(slept_vfs, us);
}

static void start_ledger(void) {
    if (!(slept_vfs = sqlite3_vfs_find(NULL))) return;
    ledger_vfs = *slept_vfs;  // the default VFS as it is, its files its own, but for xSleep
    ledger_vfs.pNext = NULL;
    ledger_vfs.zName = "tagproj-sleep-ledger";
    ledger_vfs.xSleep = ledger_sleep;
    sqlite3_vfs_register(&ledger_vfs, 1);
}

long long tp_test_requested_sleep_us(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, start_ledger);
    return requested_us;
}
