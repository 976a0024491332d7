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
#include "allocator_tuning.h"

#if defined(__linux__)
#include <sys/prctl.h>
#endif

__attribute__((constructor)) static void turn_off_huge_pages(void) {
#if defined(__linux__)
    (void)prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
#endif
}
