// HarfBuzz from Debian's libharfbuzz-dev. https://harfbuzz.github.io/
#include <hb.h>
#include <hb-ft.h>
