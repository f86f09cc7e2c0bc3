// HarfBuzz from Debian's libharfbuzz-dev. https://harfbuzz.github.io/
// hb-subset.h (libharfbuzz-subset, the same package) cuts the faces a project embeds.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
#include <hb-subset.h>
