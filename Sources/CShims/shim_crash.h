#ifndef TP_SHIM_CRASH_H
#define TP_SHIM_CRASH_H
// Private to the shims: the test-only crash points (see crash_points.c).

/// The steps a crash test can stop a command at, in the order a command passes them.
enum {
    TP_CRASH_NONE,            // not asked to die (the value outside the tests)
    TP_CRASH_OPENED,          // the project file was opened
    TP_CRASH_JOURNAL_STARTED, // the first bytes went into its rollback journal
    TP_CRASH_JOURNAL_SYNCED,  // the journal was synced: the pages it keeps are safe
    TP_CRASH_DB_WRITTEN,      // the first page went into the project file itself
    TP_CRASH_DB_SYNCED,       // the project file was synced, the journal not yet deleted
    TP_CRASH_COMMITTED,       // the journal was deleted: the transaction is committed
    TP_CRASH_OUTPUT_STARTED,  // an encoder handed its first piece of output to the caller's sink
    TP_CRASH_POINTS
};

/// Kills the process with SIGKILL if it was told to die at `point`; otherwise returns.
void tp_crash_point(int point);

#endif
