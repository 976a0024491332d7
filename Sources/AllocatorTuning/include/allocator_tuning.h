#ifndef FOLDOUT_ALLOCATOR_TUNING_H
#define FOLDOUT_ALLOCATOR_TUNING_H

#include <stdbool.h>

/// Linking this target into a program gives it mimalloc as its allocator and turns
/// transparent huge pages off for it before `main` (see allocator_tuning.c).

/// While `promptly`, memory freed goes back to the system within mimalloc's default 25 ms
/// instead of the build's one second: for stages that free large buffers (decoded photos).
void foldout_allocator_return_freed_memory_promptly(bool promptly);

#endif
