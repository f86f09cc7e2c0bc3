// Opening a library on first use (see tp_dl.h).
#include "tp_dl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Two threads may need a library at once (the editor serves reading requests side by side): one
// opens it and fills the table while the other waits, and a table is seen as loaded only once
// every slot in it is written.
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

int tp_dl_load(int *loaded, const char *library, const char *package, const char *const names[], void *slots[],
               size_t count, char *msg, size_t cap) {
    if (__atomic_load_n(loaded, __ATOMIC_ACQUIRE)) return 0;
    pthread_mutex_lock(&loading);
    int result = 0;
    if (!*loaded) {
        void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            if (msg && cap) snprintf(msg, cap, "cannot load %s (Debian package %s): %s", library, package, dlerror());
            result = -1;
        }
        for (size_t i = 0; lib && result == 0 && i < count; i++) {
            if (!(slots[i] = dlsym(lib, names[i]))) {
                if (msg && cap) snprintf(msg, cap, "%s lacks %s (Debian package %s is too old)", library, names[i], package);
                result = -1;
            }
        }
        if (result == 0) __atomic_store_n(loaded, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&loading);
    return result;
}
