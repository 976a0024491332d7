#ifndef FOLDOUT_ALLOCATOR_TUNING_H
#define FOLDOUT_ALLOCATOR_TUNING_H

/// Nothing to call: linking this target into a program makes it start itself again, before
/// `main`, with glibc's allocator tuned for a build (see allocator_tuning.c).

#endif
