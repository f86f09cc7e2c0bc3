// The demo's photo, embedded at build time with C23 #embed.
#include "tp_demo.h"

static const uint8_t photo[] = {
#embed "../../Fixtures/coffee.png"
};

const uint8_t *tp_demo_photo(size_t *len) {
    *len = sizeof photo;
    return photo;
}
