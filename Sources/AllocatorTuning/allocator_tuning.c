// The allocator of `foldout`: mimalloc (Debian: libmimalloc-dev), linked in place of glibc's
// malloc (the program's and its libraries' `malloc` and `free` are mimalloc's: the dynamic
// linker finds them in libmimalloc before libc). A build allocates a few hundred megabytes in
// millions of small pieces, on every core, and frees most of them on another thread; at
// 10,000 items mimalloc took 5% less time and CPU than glibc's allocator tuned for the build
// (heaps grown in 2 MiB steps, never trimmed), and at 100,000 items 6% less time and less
// memory (docs/benchmarks.md, session 5).
//
// Transparent huge pages stay off for the process: on a virtual machine that hands free
// memory back to its host in 2 MiB blocks, a huge page the program touches first costs about
// 2 ms (the host finds and clears the memory again), while 512 small pages cost a few
// hundredths of that; a build of 100,000 items once spent 2.4 s of its 13.8 s of CPU time
// clearing huge pages. mimalloc asks for none by default, but a system set to give them to
// every large mapping (`always`) would.
#include "allocator_tuning.h"

#if defined(__linux__)
#include <sys/prctl.h>
#endif

__attribute__((constructor)) static void turn_off_huge_pages(void) {
#if defined(__linux__)
    (void)prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
#endif
}
