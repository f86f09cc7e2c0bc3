#ifndef SHIM_DL_H
#define SHIM_DL_H
// Libraries opened with dlopen on first use instead of linked, so that commands which never need
// them do not pay for their relocations and initializers at start-up (libheif, HarfBuzz's subsetter).
#include <stddef.h>

/// Opens `library` (RTLD_NOW | RTLD_LOCAL; it stays loaded for the life of the process) and looks up
/// the `count` symbols `names` into `slots`. TP_OK, or TP_UNSUPPORTED with what is missing, naming
/// the library and `package`, the Debian package that provides it.
int tp_dl_open(const char *library, const char *package, const char *const names[], void *slots[], size_t count,
               char *msg, size_t cap);

/// A table of the functions `LIST(X)` names, filled by tp_dl_open: `table.name` calls the function,
/// `table.slots` is what tp_dl_open fills, `NAMES` their names in the same order.
#define TP_DL_DECLARE(name) __typeof__(name) *name;
#define TP_DL_NAME(name) #name,
#define TP_DL_TABLE(LIST, table, NAMES)                                        \
    static const char *const NAMES[] = {LIST(TP_DL_NAME)};                     \
    static struct {                                                           \
        int loaded;                                                           \
        union {                                                               \
            struct { LIST(TP_DL_DECLARE) };                                   \
            void *slots[sizeof NAMES / sizeof NAMES[0]];                      \
        };                                                                    \
    } table;

#endif
