// HarfBuzz from Debian's libharfbuzz-dev. https://harfbuzz.github.io/
// HarfBuzz's subsetter (hb-subset.h, same package) is reached through CShims' tp_font_subset, which
// opens it on first use.
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
