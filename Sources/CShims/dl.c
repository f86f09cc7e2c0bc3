// Opening a library on first use (see shim_dl.h).
#include "shim_dl.h"
#include "shim_whole.h"

#include <dlfcn.h>
#include <stdio.h>

int tp_dl_open(const char *library, const char *package, const char *const names[], void *slots[], size_t count,
               char *msg, size_t cap) {
    char text[320];
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(text, sizeof text, "cannot load %s (Debian package %s): %s", library, package, dlerror());
        return tp_fail(TP_UNSUPPORTED, msg, cap, text);
    }
    for (size_t i = 0; i < count; i++) {
        if (!(slots[i] = dlsym(lib, names[i]))) {
            snprintf(text, sizeof text, "%s lacks %s (Debian package %s is too old)", library, names[i], package);
            return tp_fail(TP_UNSUPPORTED, msg, cap, text);
        }
    }
    return TP_OK;
}
