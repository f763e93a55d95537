/* <stdlib.h> first: it is what defines __GLIBC__ on glibc. */
#include <stdlib.h>
#include "CMemoryReuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void reel_reuse_freed_memory(size_t bytes, size_t keep) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
    mallopt(M_TRIM_THRESHOLD, (int)keep);
    /* Memory is handed out filled with a fixed byte, not with what the
       last user left there (see MemoryReuse.swift). */
    mallopt(M_PERTURB, 0x55);
#else
    (void)bytes;
    (void)keep;
#endif
}
