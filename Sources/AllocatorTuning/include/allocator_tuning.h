#ifndef FOLDOUT_ALLOCATOR_TUNING_H
#define FOLDOUT_ALLOCATOR_TUNING_H

/// Nothing to call: linking this target into a program tunes glibc's allocator for a build
/// before `main` (see allocator_tuning.c).

#endif
