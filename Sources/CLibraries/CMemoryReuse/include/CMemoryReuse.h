#ifndef CMEMORYREUSE_H
#define CMEMORYREUSE_H

#include <stddef.h>

/** Asks the C allocator to serve blocks up to `bytes` from its heap and to
    keep up to `keep` freed bytes at the heap's top instead of returning
    them to the kernel, and to fill the blocks it hands out with a fixed
    byte (glibc's mallopt; nothing elsewhere). */
void reel_reuse_freed_memory(size_t bytes, size_t keep);

#endif
