// Fontconfig from Debian's libfontconfig-dev. https://www.freedesktop.org/software/fontconfig/fontconfig-devel/
#include <fontconfig/fontconfig.h>
