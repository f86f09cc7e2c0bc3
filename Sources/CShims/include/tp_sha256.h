#ifndef TP_SHA256_H
#define TP_SHA256_H
// SHA-256 (FIPS 180-4), for the seal on the pictures a project keeps: a kept view is some
// megabytes, sealed when kept and checked on every open, so it is hashed in C at the speed of a
// plain scalar loop rather than through Swift's collections.
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t state[8];
    uint8_t pending[64];
    size_t pending_length;
    uint64_t length;
} tp_sha256;

void tp_sha256_init(tp_sha256 *h);
/// Adds `length` bytes at `data` to what is hashed.
void tp_sha256_update(tp_sha256 *h, const void *data, size_t length);
/// The digest of everything added, into `digest`; `h` must be initialised again to be reused.
void tp_sha256_finish(tp_sha256 *h, uint8_t digest[32]);

/// Whether the x86 SHA extensions are used (decided on first use from the processor).
int tp_sha256_uses_extensions(void);
/// For tests: 0 makes every later hash use the scalar loop; 1 goes back to the processor's choice.
void tp_sha256_use_extensions(int allowed);

#endif
