#include "ImageBuffers.h"

#include <stdlib.h>

void cimage_premultiply(uint8_t *p, size_t pixel_count) {
    for (size_t i = 0; i < pixel_count; i++, p += 4) {
        unsigned a = p[3];
        if (a == 255) continue;
        for (int c = 0; c < 3; c++) {
            unsigned t = p[c] * a + 128;
            p[c] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
}

void cimage_free(void *buffer) { free(buffer); }
