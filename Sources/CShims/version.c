// The packaged version (see tp_version.h): a string only the build command can set, so it lives in C.
#include "tp_version.h"

#include <stddef.h>

const char *tp_packaged_version(void) {
#ifdef TAGPROJ_VERSION
    return TAGPROJ_VERSION;
#else
    return NULL;
#endif
}
