// The allocator of `foldout`: mimalloc (Debian: libmimalloc-dev), linked in place of glibc's
// malloc (the program's and its libraries' `malloc` and `free` are mimalloc's: the dynamic
// linker finds them in libmimalloc before libc). A build allocates millions of small pieces,
// on every core, and frees most of them on another thread, which mimalloc did in less time
// and CPU than glibc's allocator tuned for the build, and on large sites in less memory
// (docs/benchmarks.md, session 5).
//
// Transparent huge pages stay off for the process: on a virtual machine that hands free
// memory back to its host in 2 MiB blocks, the first touch of a huge page waits while the
// host finds and clears the memory again, far longer than the same memory in small pages
// takes, and a large build spent a good part of its CPU time so. mimalloc asks for none by
// default, but a system set to give them to every large mapping (`always`) would.
//
// Memory a build frees goes back to the system a second after its last use, not mimalloc's
// default 25 ms: a build frees and allocates all along (a page's bytes, its context), and
// memory handed back between two pages is committed and cleared again at the next
// (docs/benchmarks.md, session 12). `foldout serve` still returns what a build used once
// it is done. Decoding photos frees buffers of megabytes each, which a second's delay would
// pile up (docs/benchmarks-photos.md), so those stages go back to mimalloc's default.
// MIMALLOC_DECOMMIT_DELAY in the environment wins.
#include "allocator_tuning.h"

#include <mimalloc.h>
#include <stdlib.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

static const long build_decommit_delay = 1000;
static const long prompt_decommit_delay = 25;

__attribute__((constructor)) static void tune_allocator(void) {
#if defined(__linux__)
    (void)prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
#endif
    if (getenv("MIMALLOC_DECOMMIT_DELAY") == NULL) mi_option_set(mi_option_decommit_delay, build_decommit_delay);
}

void foldout_allocator_return_freed_memory_promptly(bool promptly) {
    if (getenv("MIMALLOC_DECOMMIT_DELAY") != NULL) return;
    mi_option_set(mi_option_decommit_delay, promptly ? prompt_decommit_delay : build_decommit_delay);
}
