// Settings for glibc's allocator that suit a build: it allocates a few hundred megabytes in
// millions of small pieces, on every core, and then exits.
//
// By default the heap grows a little at a time, and memory freed at the top of the heap is
// handed back to the system only to be asked for again. With these settings the heap grows
// in 64 MiB steps, keeps what it freed, and leaves blocks of up to 32 MiB in the heap rather
// than mapping each on its own.
//
// The heap is not backed by transparent huge pages (`glibc.malloc.hugetlb`, used from
// session 3 to 5): on this machine, a virtual machine that hands free memory back to its host
// in 2 MiB blocks, a 2 MiB page the program touches first costs about 2 ms (the host has to
// find and clear the memory again), while 512 small pages cost a few hundredths of that. A
// build of 100,000 items spent 2.4 s of its 13.8 s of CPU time clearing huge pages, and
// 0.1 s with small pages (docs/benchmarks.md, session 4).
//
// This runs as a constructor, before the Swift runtime starts; the settings are global to
// all of the allocator's arenas. A `GLIBC_TUNABLES` the user set is left alone.
#include "allocator_tuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#include <stdlib.h>

__attribute__((constructor)) static void tune_allocator(void) {
    if (getenv("GLIBC_TUNABLES") != NULL) return;
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
#endif
