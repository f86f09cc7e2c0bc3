#ifndef TP_DL_H
#define TP_DL_H
// Libraries opened with dlopen on first use instead of linked, so that commands which never need
// them do not pay for their relocations and initializers at start-up (libheif, HarfBuzz's
// subsetter, libmicrohttpd). Shared by the codec shims (CShims) and the editor's (CEditor).
#include <stddef.h>

/// Opens `library` (RTLD_NOW | RTLD_LOCAL; it stays loaded for the life of the process) and looks
/// up the `count` symbols `names` into `slots`, then sets `*loaded`; does nothing when `*loaded` is
/// set already. 0, or -1 with what is missing in `msg`, naming the library and `package`, the
/// Debian package that provides it.
int tp_dl_load(int *loaded, const char *library, const char *package, const char *const names[], void *slots[],
               size_t count, char *msg, size_t cap);

/// A table of the functions `LIST(X)` names: `table.name` calls the function once TP_DL_LOAD has
/// filled `table.slots` (in the order of `table.names`).
#define TP_DL_DECLARE(name) __typeof__(name) *name;
#define TP_DL_NAME(name) #name,
#define TP_DL_TABLE(LIST, table)                                               \
    static const char *const table##_names[] = {LIST(TP_DL_NAME)};             \
    static struct {                                                           \
        int loaded;                                                           \
        const char *const *names;                                             \
        union {                                                               \
            struct { LIST(TP_DL_DECLARE) };                                   \
            void *slots[sizeof table##_names / sizeof table##_names[0]];      \
        };                                                                    \
    } table = {.names = table##_names};

/// Opens the library of `table` (a TP_DL_TABLE) on first use: 0 once it is open, or -1 with the
/// reason in `msg` (see tp_dl_load).
#define TP_DL_LOAD(table, library, package, msg, cap)                          \
    tp_dl_load(&(table).loaded, library, package, (table).names, (table).slots, \
               sizeof (table).slots / sizeof (table).slots[0], msg, cap)

#endif
