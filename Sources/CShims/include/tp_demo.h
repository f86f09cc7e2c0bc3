#ifndef TP_DEMO_H
#define TP_DEMO_H
#include <stddef.h>
#include <stdint.h>

/// The sample photo `Fixtures/coffee.png` (CC0; see Fixtures/NOTICE.md), embedded in the binary
/// so that `tagproj demo` works from an installed copy. Returns its bytes; `*len` gets the count.
const uint8_t *tp_demo_photo(size_t *len);

#endif
