// FreeType 2 from Debian's libfreetype-dev. https://freetype.org/freetype2/docs/reference/
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SIZES_H
#include FT_TRUETYPE_TABLES_H
