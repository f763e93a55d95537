#include "CMemoryReuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void reel_reuse_freed_memory(size_t bytes, size_t keep) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
    mallopt(M_TRIM_THRESHOLD, (int)keep);
#else
    (void)bytes;
    (void)keep;
#endif
}
