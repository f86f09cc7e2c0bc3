// The canvas of a HEIF file's derived primary item, read before libheif allocates it.
#ifndef TP_HEIF_BOXES_H
#define TP_HEIF_BOXES_H

#include <stddef.h>
#include <stdint.h>

enum {
    TP_HEIF_NOT_DERIVED = 0,  // the primary item is coded (or its type cannot be told): nothing to check
    TP_HEIF_DERIVED = 1,      // a 'grid' or 'iovl': *width × *height is the canvas libheif will allocate
    TP_HEIF_UNREADABLE = -1,  // a 'grid' or 'iovl' whose data does not fit in the file
};

/// Finds the primary item (meta → pitm, iinf) and, when it is a 'grid' or 'iovl', reads its output
/// size from its data (iloc, in the file or idat), as libheif does.
int tp_heif_derived_canvas(const uint8_t *bytes, size_t len, uint32_t *width, uint32_t *height);

#endif
