// libvips' C API; only CVipsShim's C file includes it (Swift sees the shim's plain types).
#include <vips/vips.h>
