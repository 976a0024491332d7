// Settings for glibc's allocator that suit a build: it allocates a few hundred megabytes in
// millions of small pieces, on every core, and then exits.
//
// By default each heap a thread allocates from grows one 4 KiB page at a time, a system call
// each (17,000 `mprotect` calls in a build of 10,000 items), and memory freed at the top of
// the heap is handed back to the system only to be asked for again. With these settings the
// heaps grow in 2 MiB steps (the main one in 64 MiB steps), keep what they freed, and leave
// blocks of up to 32 MiB in the heap rather than mapping each on its own: 19 `mprotect` calls.
//
// glibc grows heaps in 2 MiB steps only when asked to back them with transparent huge pages
// (`glibc.malloc.hugetlb=1`); but on this machine, a virtual machine that hands free memory
// back to its host in 2 MiB blocks, a huge page the program touches first costs about 2 ms
// (the host finds and clears the memory again), while 512 small pages cost a few hundredths
// of that: a build of 100,000 items spent 2.4 s of its 13.8 s of CPU time clearing huge pages.
// So the program turns huge pages off for itself (`PR_SET_THP_DISABLE`, which glibc's request
// for them does not override) and keeps the 2 MiB steps (docs/benchmarks.md, session 4).
//
// glibc reads its tunables from the environment once, as the process starts, and has no
// call to set `hugetlb` later; so the program starts itself again with them set (the
// huge-page setting carries over). This runs as a constructor, before the Swift runtime and
// Foundation start, so the first start costs about a millisecond. A `GLIBC_TUNABLES` the
// user set is left alone.
#include "allocator_tuning.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

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
    // Without this, the tunables would bring huge pages back: not restarted then.
    if (argv == NULL || prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) != 0) return;
    if (setenv(variable, tunables, 1) != 0) return;
    execv("/proc/self/exe", argv);
    // Not restarted (no /proc): the program runs with the usual settings.
    unsetenv(variable);
#else
    (void)argv;
#endif
}
