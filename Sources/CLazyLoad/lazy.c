// The font and codec libraries, opened on first call instead of linked (see lazy_x86_64.S).
//
// A command that only edits (move, flip, undo) never draws, encodes or decodes a picture; linked,
// FreeType, HarfBuzz (with GLib and graphite2), fontconfig (with expat), libjpeg, libpng and libwebp
// cost every such command their relocations and initializers at start-up, about half a millisecond
// of the move that has to stay within twice the sqlite3 shell. On x86-64 no build links them
// (Package.swift's `lazyLoading`): each function tagproj calls is a trampoline (lazy_x86_64.S) that
// jumps through a slot, and the first call into a library opens it and fills every slot of that
// library. Debug and release builds, the tests and the fuzzers all call through them.
#include "lazy_libraries.h"
#include "tp_dl.h"

#include <stdio.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__linux__) && !defined(TP_LAZY_LINK_ALL)

/// One library: its slots (lazy_x86_64.S lays them out in the order of `names`), filled once.
struct tp_lazy_library {
    int loaded;
    const char *soname;
    const char *package;
    const char *const *names;
    void **slots;
    size_t count;
};

#define TP_LAZY_NAME(lib, name) #name,
#define TP_LAZY_DESCRIBE(lib, soname, package, LIST)                                           \
    static const char *const tp_lazy_names_##lib[] = {LIST(TP_LAZY_NAME, lib)};                  \
    extern void *tp_lazy_slots_##lib[] __attribute__((visibility("hidden")));                    \
    __attribute__((visibility("hidden"))) struct tp_lazy_library tp_lazy_##lib = {               \
        0, soname, package, tp_lazy_names_##lib, tp_lazy_slots_##lib,                            \
        sizeof tp_lazy_names_##lib / sizeof tp_lazy_names_##lib[0]};
TP_LAZY_LIBRARIES(TP_LAZY_DESCRIBE)

/// Called by a trampoline's first call into `library`, with the caller's arguments saved: opens
/// the library and fills its slots. A library that cannot be opened (the package removed under
/// an installed tagproj) ends the process with one `error:` line naming the Debian package, exit
/// code 1, as no caller can go on without the function it called.
__attribute__((visibility("hidden"))) void tp_lazy_bind(struct tp_lazy_library *library) {
    char reason[512];
    if (tp_dl_load(&library->loaded, library->soname, library->package, library->names, library->slots,
                   library->count, reason, sizeof reason) == 0)
        return;
    fflush(NULL);
    dprintf(STDERR_FILENO, "error: %s\n", reason);
    _exit(1);
}

#endif
