// What Foldout asks of libvips, as plain C: libvips' own calls take their options as
// variadic name/value lists, which Swift cannot call.
#ifndef FOLDOUT_VIPS_H
#define FOLDOUT_VIPS_H

#include <stddef.h>

/// An image libvips has made; free it with fv_image_free.
typedef struct fv_image fv_image;

/// The formats Foldout tells apart, from the file's bytes (never its name).
typedef enum {
    FV_FORMAT_UNKNOWN = 0,
    FV_FORMAT_JPEG,
    FV_FORMAT_PNG,
    FV_FORMAT_WEBP,
    FV_FORMAT_GIF,
    FV_FORMAT_HEIF,
    FV_FORMAT_AVIF,
    FV_FORMAT_SVG,
    FV_FORMAT_TIFF,
    FV_FORMAT_OTHER
} fv_format;

typedef struct {
    fv_format format;
    /// As stored, before the orientation tag is applied.
    int width;
    int height;
    /// EXIF orientation, 1 (upright) to 8.
    int orientation;
    /// Frames of an animation or pages of a document; 1 for a still image.
    int pages;
    int bands;
    /// Bits per sample: 8, or 16 for a 16-bit PNG or TIFF.
    int bits;
    /// Non-zero when the image is CMYK.
    int cmyk;
} fv_header;

typedef enum {
    FV_CROP_NONE = 0,
    FV_CROP_ATTENTION,
    FV_CROP_CENTRE
} fv_crop;

/// Hears libvips' warnings: `message`, and the thread that logged it (pthread_self).
typedef void (*fv_log_function)(const char *message, unsigned long thread);

/// Sends libvips' warnings to `function` rather than stderr, from the moment libvips starts;
/// set it before the first image is read. The function may be called on any thread.
void fv_set_log_function(fv_log_function function);

/// Starts libvips once per process: one thread per operation (Foldout runs one operation
/// per core), no operation cache, untrusted loaders (ImageMagick, ...) refused. 0 on success.
int fv_start(void);

/// Lets libvips read SVG, which fv_start blocks with the other untrusted loaders. Only for
/// `foldout init`, drawing the starter site's own pictures: never in a process that reads a
/// site's files. 0 on success.
int fv_allow_svg(void);

/// Reads the header only: nothing is decoded. 0 on success.
int fv_read_header(const void *bytes, size_t length, fv_header *header);

/// A thumbnail of the image in `bytes`, made with shrink-on-load, upright (the orientation
/// tag applied) and in sRGB: exactly `width` x `height` when `crop` is not FV_CROP_NONE,
/// otherwise fitting inside that box. The first frame of an animation. 0 on success.
int fv_thumbnail(const void *bytes, size_t length, int width, int height, fv_crop crop, fv_image **out);

/// As fv_thumbnail with a crop, centred as near as it can be on the point (`x`, `y`), each
/// from 0 to 1 across the upright image.
int fv_thumbnail_focus(const void *bytes, size_t length, int width, int height, double x, double y, fv_image **out);

/// The image in `bytes` decoded once, with shrink-on-load, upright, `width` pixels wide (never
/// wider than it is) and held in memory: what several variants of one photo are made from,
/// each with fv_resize or fv_resize_focus, without decoding the file again. 0 on success.
int fv_decode(const void *bytes, size_t length, int width, fv_image **out);

/// As fv_thumbnail, from an image fv_decode made.
int fv_resize(fv_image *image, int width, int height, fv_crop crop, fv_image **out);

/// As fv_thumbnail_focus, from an image fv_decode made.
int fv_resize_focus(fv_image *image, int width, int height, double x, double y, fv_image **out);

/// A copy of `image` with a gaussian blur of `sigma` pixels. 0 on success.
int fv_blur(fv_image *image, double sigma, fv_image **out);

int fv_image_width(const fv_image *image);
int fv_image_height(const fv_image *image);

/// Encodes `image` as `format` (JPEG, PNG, WebP, GIF or AVIF) at `quality` (1-100, where the
/// format has one). With `keep_metadata` zero, no EXIF, XMP, IPTC or ICC data is written.
/// The bytes are freed with fv_free. 0 on success.
int fv_save(fv_image *image, fv_format format, int quality, int keep_metadata, void **bytes, size_t *length);

void fv_image_free(fv_image *image);
void fv_free(void *bytes);

/// The text of libvips' last error on this thread, cleared by the call; empty when none.
/// Free it with fv_free.
char *fv_take_error(void);

#endif
