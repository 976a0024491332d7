#include "foldout_vips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>

// libvips is opened on first use, not linked: linked, it and the hundred libraries it needs
// were loaded at the start of every run, about 30 ms (docs/benchmarks.md), photos or not.
// Each function is looked up once; the names below then call through the table.
#define FV_FUNCTIONS(X) \
    X(vips_init) X(vips_concurrency_set) X(vips_cache_set_max) X(vips_cache_set_max_mem) X(vips_block_untrusted_set) \
    X(vips_operation_block_set) \
    X(vips_foreign_find_load_buffer) X(vips_image_new_from_buffer) X(vips_image_get_typeof) X(vips_image_get_string) \
    X(vips_image_get_width) X(vips_image_get_height) X(vips_image_get_orientation) X(vips_image_get_n_pages) \
    X(vips_image_get_bands) X(vips_image_get_format) X(vips_image_get_interpretation) X(vips_image_hasalpha) \
    X(vips_image_get_fields) X(vips_image_remove) X(vips_image_copy_memory) X(vips_thumbnail_buffer) \
    X(vips_thumbnail_image) X(vips_extract_area) X(vips_gaussblur) X(vips_colourspace) X(vips_cast_uchar) \
    X(vips_flatten) X(vips_array_double_newv) X(vips_area_unref) X(vips_copy) X(vips_jpegsave_buffer) \
    X(vips_pngsave_buffer) X(vips_webpsave_buffer) X(vips_heifsave_buffer) X(vips_error) X(vips_error_buffer_copy) \
    X(g_object_ref) X(g_object_unref) X(g_free) X(g_malloc) X(g_strfreev) X(g_strdup) X(g_ascii_strdown) \
    X(g_log_set_handler)

#undef g_object_ref
#define FV_DECLARE(name) __typeof__(name) *p_##name;
static struct {
    FV_FUNCTIONS(FV_DECLARE)
} api;

#define vips_init (*api.p_vips_init)
#define vips_concurrency_set (*api.p_vips_concurrency_set)
#define vips_cache_set_max (*api.p_vips_cache_set_max)
#define vips_cache_set_max_mem (*api.p_vips_cache_set_max_mem)
#define vips_block_untrusted_set (*api.p_vips_block_untrusted_set)
#define vips_operation_block_set (*api.p_vips_operation_block_set)
#define vips_foreign_find_load_buffer (*api.p_vips_foreign_find_load_buffer)
#define vips_image_new_from_buffer (*api.p_vips_image_new_from_buffer)
#define vips_image_get_typeof (*api.p_vips_image_get_typeof)
#define vips_image_get_string (*api.p_vips_image_get_string)
#define vips_image_get_width (*api.p_vips_image_get_width)
#define vips_image_get_height (*api.p_vips_image_get_height)
#define vips_image_get_orientation (*api.p_vips_image_get_orientation)
#define vips_image_get_n_pages (*api.p_vips_image_get_n_pages)
#define vips_image_get_bands (*api.p_vips_image_get_bands)
#define vips_image_get_format (*api.p_vips_image_get_format)
#define vips_image_get_interpretation (*api.p_vips_image_get_interpretation)
#define vips_image_hasalpha (*api.p_vips_image_hasalpha)
#define vips_image_get_fields (*api.p_vips_image_get_fields)
#define vips_image_remove (*api.p_vips_image_remove)
#define vips_image_copy_memory (*api.p_vips_image_copy_memory)
#define vips_thumbnail_buffer (*api.p_vips_thumbnail_buffer)
#define vips_thumbnail_image (*api.p_vips_thumbnail_image)
#define vips_extract_area (*api.p_vips_extract_area)
#define vips_gaussblur (*api.p_vips_gaussblur)
#define vips_colourspace (*api.p_vips_colourspace)
#define vips_cast_uchar (*api.p_vips_cast_uchar)
#define vips_flatten (*api.p_vips_flatten)
#define vips_array_double_newv (*api.p_vips_array_double_newv)
#define vips_area_unref (*api.p_vips_area_unref)
#define vips_copy (*api.p_vips_copy)
#define vips_jpegsave_buffer (*api.p_vips_jpegsave_buffer)
#define vips_pngsave_buffer (*api.p_vips_pngsave_buffer)
#define vips_webpsave_buffer (*api.p_vips_webpsave_buffer)
#define vips_heifsave_buffer (*api.p_vips_heifsave_buffer)
#define vips_error (*api.p_vips_error)
#define vips_error_buffer_copy (*api.p_vips_error_buffer_copy)
#define g_object_ref (*api.p_g_object_ref)
#define g_object_unref (*api.p_g_object_unref)
#define g_free (*api.p_g_free)
#define g_malloc (*api.p_g_malloc)
#define g_strfreev (*api.p_g_strfreev)
#define g_strdup (*api.p_g_strdup)
#define g_ascii_strdown (*api.p_g_ascii_strdown)
#define g_log_set_handler (*api.p_g_log_set_handler)

/// Why libvips could not be opened, when it could not; else NULL.
static char *load_failure = NULL;

/// libvips' switch for its vector paths, which run through liborc; looked up on its own, since
/// a later libvips may drop it.
static void (*vector_set_enabled)(int);

static int load(void) {
    void *handle = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        size_t length = strlen(why) + 80;
        load_failure = malloc(length);
        if (load_failure != NULL) snprintf(load_failure, length, "libvips could not be loaded (install libvips42): %s", why);
        return -1;
    }
#define FV_LOAD(name) \
    if ((api.p_##name = (__typeof__(api.p_##name))dlsym(handle, #name)) == NULL) { \
        load_failure = strdup("libvips has no " #name ": Foldout needs libvips 8.14 or later"); \
        return -1; \
    }
    FV_FUNCTIONS(FV_LOAD)
    vector_set_enabled = (void (*)(int))dlsym(handle, "vips_vector_set_enabled");
    return 0;
}

struct fv_image {
    VipsImage *image;
};

/// Where libvips' warnings go (fv_set_log_function); NULL prints them as libvips would.
static fv_log_function log_function = NULL;

void fv_set_log_function(fv_log_function function) { log_function = function; }

/// libvips' warnings and messages ("VIPS-WARNING **: ..." on stderr otherwise), with the
/// thread that logged them, so Foldout can say which photo they are about.
static void on_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)data;
    if (message == NULL) return;
    if (log_function != NULL) log_function(message, (unsigned long)pthread_self());
    else fprintf(stderr, "VIPS-WARNING: %s\n", message);
}

static int started = -1;
static pthread_once_t start_once = PTHREAD_ONCE_INIT;

static void start(void) {
    if (load() != 0 || vips_init("foldout") != 0) {
        started = -1;
        return;
    }
    // Foldout runs one image per core; libvips' own threads would only contend with them.
    vips_concurrency_set(1);
    // liborc (Debian's 0.4.33) now and then crashed, a bad pointer inside it, with images
    // made on two threads at once (docs/benchmarks.md, session 13); libvips' plain C paths
    // do the same work without it.
    if (vector_set_enabled != NULL) vector_set_enabled(0);
    // Every image is made once per build: an operation cache would only hold memory.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    // Loaders libvips marks untrusted (ImageMagick, among others) are not for content a
    // site takes from anyone.
    vips_block_untrusted_set(TRUE);
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_CRITICAL, on_log, NULL);
    started = 0;
}

int fv_start(void) {
    pthread_once(&start_once, start);
    return started;
}

int fv_allow_svg(void) {
    if (fv_start() != 0) return -1;
    vips_operation_block_set("VipsForeignLoadSvg", FALSE);
    return 0;
}

static fv_format format_of(const void *bytes, size_t length, VipsImage *image) {
    const char *found = vips_foreign_find_load_buffer(bytes, length);
    if (found == NULL) return FV_FORMAT_UNKNOWN;
    // A class name such as VipsForeignLoadJpegBuffer.
    gchar *loader = g_ascii_strdown(found, -1);
    fv_format format = FV_FORMAT_OTHER;
    if (strstr(loader, "jpeg") != NULL) format = FV_FORMAT_JPEG;
    else if (strstr(loader, "png") != NULL) format = FV_FORMAT_PNG;
    else if (strstr(loader, "webp") != NULL) format = FV_FORMAT_WEBP;
    else if (strstr(loader, "gif") != NULL) format = FV_FORMAT_GIF;
    else if (strstr(loader, "svg") != NULL) format = FV_FORMAT_SVG;
    else if (strstr(loader, "tiff") != NULL) format = FV_FORMAT_TIFF;
    else if (strstr(loader, "heif") != NULL) format = FV_FORMAT_HEIF;
    g_free(loader);
    if (format != FV_FORMAT_HEIF) return format;
    const char *compression = NULL;
    if (image != NULL && vips_image_get_typeof(image, "heif-compression") != 0
        && vips_image_get_string(image, "heif-compression", &compression) == 0 && compression != NULL
        && strcmp(compression, "av1") == 0) {
        return FV_FORMAT_AVIF;
    }
    return FV_FORMAT_HEIF;
}

int fv_read_header(const void *bytes, size_t length, fv_header *header) {
    if (fv_start() != 0) return -1;
    memset(header, 0, sizeof(*header));
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (image == NULL) {
        header->format = format_of(bytes, length, NULL);
        return -1;
    }
    header->format = format_of(bytes, length, image);
    header->width = vips_image_get_width(image);
    header->height = vips_image_get_height(image);
    header->orientation = vips_image_get_orientation(image);
    header->pages = vips_image_get_n_pages(image);
    header->bands = vips_image_get_bands(image);
    VipsBandFormat band_format = vips_image_get_format(image);
    header->bits = band_format == VIPS_FORMAT_USHORT || band_format == VIPS_FORMAT_SHORT ? 16 : 8;
    header->cmyk = vips_image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK;
    g_object_unref(image);
    return 0;
}

static int wrap(VipsImage *image, fv_image **out) {
    fv_image *wrapped = g_malloc(sizeof(fv_image));
    wrapped->image = image;
    *out = wrapped;
    return 0;
}

static VipsInteresting interesting_of(fv_crop crop) {
    return crop == FV_CROP_ATTENTION ? VIPS_INTERESTING_ATTENTION
        : crop == FV_CROP_CENTRE ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
}

/// The box of `width` x `height` around (`x`, `y`) cut from `covered`, which covers it.
static int cut_around(VipsImage *covered, int width, int height, double x, double y, fv_image **out) {
    int cover_width = vips_image_get_width(covered), cover_height = vips_image_get_height(covered);
    int left = (int)(x * cover_width - width / 2.0 + 0.5);
    int top = (int)(y * cover_height - height / 2.0 + 0.5);
    if (left > cover_width - width) left = cover_width - width;
    if (top > cover_height - height) top = cover_height - height;
    if (left < 0) left = 0;
    if (top < 0) top = 0;
    VipsImage *cropped = NULL;
    if (vips_extract_area(covered, &cropped, left, top, width, height, NULL) != 0) return -1;
    return wrap(cropped, out);
}

/// The size that covers `width` x `height` with the proportions of an upright `image_width`
/// x `image_height` image.
static void cover(int image_width, int image_height, int width, int height, int *cover_width, int *cover_height) {
    double scale = (double)width / image_width;
    if ((double)height / image_height > scale) scale = (double)height / image_height;
    *cover_width = (int)(image_width * scale + 0.999);
    *cover_height = (int)(image_height * scale + 0.999);
    if (*cover_width < width) *cover_width = width;
    if (*cover_height < height) *cover_height = height;
}

int fv_thumbnail(const void *bytes, size_t length, int width, int height, fv_crop crop, fv_image **out) {
    if (fv_start() != 0) return -1;
    VipsInteresting interesting = interesting_of(crop);
    VipsImage *image = NULL;
    // A truncated or damaged file fails rather than coming out partly grey.
    if (vips_thumbnail_buffer((void *)bytes, length, &image, width, "height", height, "crop", interesting,
                              "size", crop == FV_CROP_NONE ? VIPS_SIZE_FORCE : VIPS_SIZE_BOTH,
                              "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", "fail_on=truncated", NULL) != 0) {
        return -1;
    }
    return wrap(image, out);
}

int fv_thumbnail_focus(const void *bytes, size_t length, int width, int height, double x, double y, fv_image **out) {
    if (fv_start() != 0) return -1;
    fv_header header;
    if (fv_read_header(bytes, length, &header) != 0) return -1;
    int upright_width = header.orientation >= 5 ? header.height : header.width;
    int upright_height = header.orientation >= 5 ? header.width : header.height;
    // Scaled to cover the box, then the box is cut out around the point.
    int cover_width, cover_height;
    cover(upright_width, upright_height, width, height, &cover_width, &cover_height);
    VipsImage *covered = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &covered, cover_width, "height", cover_height,
                              "size", VIPS_SIZE_FORCE, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                              "option_string", "fail_on=truncated", NULL) != 0) {
        return -1;
    }
    int failed = cut_around(covered, width, height, x, y, out);
    g_object_unref(covered);
    return failed;
}

int fv_decode(const void *bytes, size_t length, int width, fv_image **out) {
    if (fv_start() != 0) return -1;
    VipsImage *lazy = NULL;
    // Any height: the width decides. Shrunk only, never enlarged.
    if (vips_thumbnail_buffer((void *)bytes, length, &lazy, width, "height", VIPS_MAX_COORD, "size", VIPS_SIZE_DOWN,
                              "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", "fail_on=truncated", NULL) != 0) {
        return -1;
    }
    // The file is decoded here, once; the variants are cut from the pixels in memory.
    VipsImage *decoded = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    if (decoded == NULL) return -1;
    // Already upright: nothing made from it may turn it again.
    vips_image_remove(decoded, VIPS_META_ORIENTATION);
    return wrap(decoded, out);
}

int fv_resize(fv_image *image, int width, int height, fv_crop crop, fv_image **out) {
    VipsImage *resized = NULL;
    if (vips_thumbnail_image(image->image, &resized, width, "height", height, "crop", interesting_of(crop),
                             "size", crop == FV_CROP_NONE ? VIPS_SIZE_FORCE : VIPS_SIZE_BOTH, NULL) != 0) {
        return -1;
    }
    return wrap(resized, out);
}

int fv_resize_focus(fv_image *image, int width, int height, double x, double y, fv_image **out) {
    int cover_width, cover_height;
    cover(vips_image_get_width(image->image), vips_image_get_height(image->image), width, height, &cover_width, &cover_height);
    VipsImage *covered = NULL;
    if (vips_thumbnail_image(image->image, &covered, cover_width, "height", cover_height, "size", VIPS_SIZE_FORCE, NULL) != 0) {
        return -1;
    }
    int failed = cut_around(covered, width, height, x, y, out);
    g_object_unref(covered);
    return failed;
}

int fv_blur(fv_image *image, double sigma, fv_image **out) {
    VipsImage *blurred = NULL;
    if (vips_gaussblur(image->image, &blurred, sigma, NULL) != 0) return -1;
    return wrap(blurred, out);
}

int fv_image_width(const fv_image *image) { return vips_image_get_width(image->image); }
int fv_image_height(const fv_image *image) { return vips_image_get_height(image->image); }

/// 8-bit sRGB (or grey), what every web format takes; JPEG also without alpha, on white.
static VipsImage *saveable(VipsImage *in, int flatten) {
    VipsImage *image = in;
    g_object_ref(image);
    VipsInterpretation interpretation = vips_image_get_interpretation(image);
    if (vips_image_get_format(image) != VIPS_FORMAT_UCHAR || interpretation == VIPS_INTERPRETATION_CMYK) {
        VipsImage *converted = NULL;
        VipsInterpretation target = vips_image_get_bands(image) >= 3 || interpretation == VIPS_INTERPRETATION_CMYK
            ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W;
        if (vips_colourspace(image, &converted, target, NULL) != 0) goto fail;
        g_object_unref(image);
        image = converted;
        if (vips_image_get_format(image) != VIPS_FORMAT_UCHAR) {
            VipsImage *cast = NULL;
            if (vips_cast_uchar(image, &cast, NULL) != 0) goto fail;
            g_object_unref(image);
            image = cast;
        }
    }
    if (flatten && vips_image_hasalpha(image)) {
        VipsImage *flat = NULL;
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(image, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        if (failed != 0) goto fail;
        g_object_unref(image);
        image = flat;
    }
    return image;
fail:
    g_object_unref(image);
    return NULL;
}

/// Whether a header field is metadata a photo carries (EXIF with GPS and serials, XMP, IPTC,
/// the colour profile, comments) rather than what its pixels need.
static int is_metadata(const char *name) {
    static const char *const prefixes[] = {"exif-", "xmp-", "iptc-", "icc-", "orientation", "png-comment", "gif-comment",
                                           "jpeg-comment", "heif-", "jpeg-thumbnail", "interlaced", NULL};
    for (int index = 0; prefixes[index] != NULL; index++) {
        if (strncmp(name, prefixes[index], strlen(prefixes[index])) == 0) return 1;
    }
    return 0;
}

/// A copy of `in` with its metadata removed: libvips 8.14's WebP writer ignores `strip`, so
/// nothing is left for a writer to copy.
static VipsImage *without_metadata(VipsImage *in) {
    VipsImage *copy = NULL;
    if (vips_copy(in, &copy, NULL) != 0) return NULL;
    gchar **fields = vips_image_get_fields(copy);
    for (int index = 0; fields[index] != NULL; index++) {
        if (is_metadata(fields[index])) vips_image_remove(copy, fields[index]);
    }
    g_strfreev(fields);
    return copy;
}

int fv_save(fv_image *image, fv_format format, int quality, int keep_metadata, void **bytes, size_t *length) {
    VipsImage *converted = saveable(image->image, format == FV_FORMAT_JPEG);
    if (converted == NULL) return -1;
    VipsImage *ready = converted;
    if (!keep_metadata) {
        ready = without_metadata(converted);
        g_object_unref(converted);
        if (ready == NULL) return -1;
    }
    gboolean strip = keep_metadata ? FALSE : TRUE;
    int failed;
    switch (format) {
    case FV_FORMAT_JPEG:
        failed = vips_jpegsave_buffer(ready, bytes, length, "Q", quality, "strip", strip, "interlace", TRUE,
                                      "optimize_coding", TRUE, NULL);
        break;
    case FV_FORMAT_PNG:
        failed = vips_pngsave_buffer(ready, bytes, length, "strip", strip, "compression", 6, NULL);
        break;
    case FV_FORMAT_WEBP:
        failed = vips_webpsave_buffer(ready, bytes, length, "Q", quality, "strip", strip, NULL);
        break;
    case FV_FORMAT_AVIF:
        failed = vips_heifsave_buffer(ready, bytes, length, "Q", quality, "strip", strip,
                                      "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1, NULL);
        break;
    default:
        vips_error("foldout", "cannot write this format");
        failed = -1;
    }
    g_object_unref(ready);
    return failed;
}

void fv_image_free(fv_image *image) {
    if (image == NULL) return;
    g_object_unref(image->image);
    g_free(image);
}

void fv_free(void *bytes) {
    // Without libvips, the only text handed out is the load failure, from malloc.
    if (api.p_g_free != NULL) g_free(bytes); else free(bytes);
}

char *fv_take_error(void) {
    if (api.p_vips_error_buffer_copy == NULL) return strdup(load_failure != NULL ? load_failure : "libvips could not be loaded");
    char *text = vips_error_buffer_copy();
    return text != NULL ? text : g_strdup("");
}
