#ifndef FOLDOUT_ALLOCATOR_TUNING_H
#define FOLDOUT_ALLOCATOR_TUNING_H

/// Nothing to call: linking this target into a program gives it mimalloc as its allocator
/// and turns transparent huge pages off for it before `main` (see allocator_tuning.c).

#endif
