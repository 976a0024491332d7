// XXH64_state_t's layout, so a `ContentHash` holds its state inline rather than allocating it.
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>
