// Settings for glibc's allocator that suit a build: it allocates a few hundred megabytes in
// millions of small pieces, on every core, and then exits.
//
// By default each 4 KiB page the heap grows into costs a page fault (45,000 in a build of
// ten thousand items, a tenth of its time), and memory freed at the top of the heap is
// handed back to the system only to be asked for again. With these settings the heap grows
// in 64 MiB steps backed by 2 MiB pages where the kernel offers them (transparent huge pages
// in `madvise` mode, Debian's default), keeps what it freed, and leaves blocks of up to
// 32 MiB in the heap rather than mapping each on its own: about 1,300 page faults, and the
// build about 12% faster, for 10% more peak memory (docs/benchmarks.md, session 3).
//
// glibc reads these tunables from the environment once, as the process starts, and has no
// call to set the huge pages one later; so the program starts itself again with them set.
// This runs as a constructor, before the Swift runtime and Foundation start, so the first
// start costs about a millisecond. A `GLIBC_TUNABLES` the user set is left alone.
#include "allocator_tuning.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char variable[] = "GLIBC_TUNABLES";
static const char tunables[] =
    "glibc.malloc.hugetlb=1"
    ":glibc.malloc.top_pad=67108864"
    ":glibc.malloc.mmap_threshold=33554432"
    ":glibc.malloc.trim_threshold=1073741824";

// glibc passes the program's arguments to the constructors of the main program.
__attribute__((constructor)) static void restart_with_tuned_allocator(int argc, char **argv, char **envp) {
    (void)argc;
    (void)envp;
#if defined(__linux__)
    const char *current = getenv(variable);
    if (current != NULL) {
        // The restarted program: the processes it starts get the usual allocator.
        if (strcmp(current, tunables) == 0) unsetenv(variable);
        return;
    }
    if (argv == NULL || setenv(variable, tunables, 1) != 0) return;
    execv("/proc/self/exe", argv);
    // Not restarted (no /proc): the program runs with the usual settings.
    unsetenv(variable);
#else
    (void)argv;
#endif
}
