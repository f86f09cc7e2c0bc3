// Opening a library on first use (see tp_dl.h).
#include "tp_dl.h"

#include <dlfcn.h>
#include <stdio.h>

int tp_dl_load(int *loaded, const char *library, const char *package, const char *const names[], void *slots[],
               size_t count, char *msg, size_t cap) {
    if (*loaded) return 0;
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        if (msg && cap) snprintf(msg, cap, "cannot load %s (Debian package %s): %s", library, package, dlerror());
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        if (!(slots[i] = dlsym(lib, names[i]))) {
            if (msg && cap) snprintf(msg, cap, "%s lacks %s (Debian package %s is too old)", library, names[i], package);
            return -1;
        }
    }
    *loaded = 1;
    return 0;
}
