#include "pictures.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <turbojpeg.h>
#include <webp/decode.h>

// ---- Opening the libraries --------------------------------------------------------------------------------
// Each library is opened once, on first use, by its Debian run-time name (the -dev package's unversioned name
// may be missing where only the run-time package is installed).

typedef struct library {
    pthread_once_t once;
    const char *soname;
    void *handle;
    char failure[160];
} library;

static void *open_library(library *lib) {
    void *handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) snprintf(lib->failure, sizeof lib->failure, "%s is not installed", lib->soname);
    return handle;
}

static void copy_text(char *to, size_t size, const char *text) {
    if (size == 0) return;
    snprintf(to, size, "%s", text != NULL ? text : "");
}

// A library without one of the functions is too old: closed, and named with the function it lacks.
#define RESOLVE(lib, field, symbol)                                                                 \
    if ((lib).handle != NULL && (*(void **)&(field) = dlsym((lib).handle, #symbol)) == NULL) {        \
        snprintf((lib).failure, sizeof (lib).failure, "%s is too old (no %s)", (lib).soname, #symbol);  \
        dlclose((lib).handle);                                                                      \
        (lib).handle = NULL;                                                                        \
    }

// libjpeg-turbo's TurboJPEG API.
static library jpeg_lib = {PTHREAD_ONCE_INIT, "libturbojpeg.so.0", NULL, ""};
static struct {
    __typeof__(&tjInitDecompress) init_decompress;
    __typeof__(&tjInitCompress) init_compress;
    __typeof__(&tjDecompressHeader3) header;
    __typeof__(&tjDecompress2) decompress;
    __typeof__(&tjCompress2) compress;
    __typeof__(&tjGetScalingFactors) scaling_factors;
    __typeof__(&tjGetErrorStr2) error_text;
    __typeof__(&tjDestroy) destroy;
    __typeof__(&tjFree) free;
} tj;
static void load_jpeg(void) {
    jpeg_lib.handle = open_library(&jpeg_lib);
    RESOLVE(jpeg_lib, tj.init_decompress, tjInitDecompress)
    RESOLVE(jpeg_lib, tj.init_compress, tjInitCompress)
    RESOLVE(jpeg_lib, tj.header, tjDecompressHeader3)
    RESOLVE(jpeg_lib, tj.decompress, tjDecompress2)
    RESOLVE(jpeg_lib, tj.compress, tjCompress2)
    RESOLVE(jpeg_lib, tj.scaling_factors, tjGetScalingFactors)
    RESOLVE(jpeg_lib, tj.error_text, tjGetErrorStr2)
    RESOLVE(jpeg_lib, tj.destroy, tjDestroy)
    RESOLVE(jpeg_lib, tj.free, tjFree)
}

// libpng's simplified API (no setjmp on our side: it catches its own errors).
static library png_lib = {PTHREAD_ONCE_INIT, "libpng16.so.16", NULL, ""};
static struct {
    __typeof__(&png_image_begin_read_from_memory) begin;
    __typeof__(&png_image_finish_read) finish;
    __typeof__(&png_image_free) free;
} pn;
static void load_png(void) {
    png_lib.handle = open_library(&png_lib);
    RESOLVE(png_lib, pn.begin, png_image_begin_read_from_memory)
    RESOLVE(png_lib, pn.finish, png_image_finish_read)
    RESOLVE(png_lib, pn.free, png_image_free)
}

static library webp_lib = {PTHREAD_ONCE_INIT, "libwebp.so.7", NULL, ""};
static struct {
    __typeof__(&WebPGetInfo) info;
    __typeof__(&WebPDecodeRGBA) decode;
    __typeof__(&WebPFree) free;
} wp;
static void load_webp(void) {
    webp_lib.handle = open_library(&webp_lib);
    RESOLVE(webp_lib, wp.info, WebPGetInfo)
    RESOLVE(webp_lib, wp.decode, WebPDecodeRGBA)
    RESOLVE(webp_lib, wp.free, WebPFree)
}

// libchafa, declared here rather than through chafa.h: that header needs GLib's headers, whose folders differ by
// architecture and which nothing else here needs. The declarations are chafa 1.8's, unchanged since (the
// symbol tags and the enums' values below are those of chafa's headers).
typedef struct chafa_symbol_map chafa_symbol_map;
typedef struct chafa_canvas_config chafa_canvas_config;
typedef struct chafa_canvas chafa_canvas;
typedef struct chafa_term_db chafa_term_db;
typedef struct chafa_term_info chafa_term_info;
// GLib's GString, whose layout is part of GLib's stable ABI; chafa_canvas_print returns one.
typedef struct { char *str; size_t len; size_t allocated_len; } chafa_gstring;
enum { CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };
enum { CHAFA_PIXEL_MODE_SIXELS = 1, CHAFA_PIXEL_MODE_KITTY = 2, CHAFA_PIXEL_MODE_ITERM2 = 3 };
enum {
    TAG_SPACE = 1 << 0, TAG_SOLID = 1 << 1, TAG_BLOCK = 1 << 3, TAG_QUAD = 1 << 7, TAG_HHALF = 1 << 8,
    TAG_VHALF = 1 << 9, TAG_SEXTANT = 1 << 22,
};
static library chafa_lib = {PTHREAD_ONCE_INIT, "libchafa.so.0", NULL, ""};
static struct {
    chafa_symbol_map *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(chafa_symbol_map *, int);
    void (*symbol_map_unref)(chafa_symbol_map *);
    chafa_canvas_config *(*config_new)(void);
    void (*config_set_geometry)(chafa_canvas_config *, int, int);
    void (*config_set_canvas_mode)(chafa_canvas_config *, int);
    void (*config_set_symbol_map)(chafa_canvas_config *, const chafa_symbol_map *);
    void (*config_unref)(chafa_canvas_config *);
    chafa_canvas *(*canvas_new)(const chafa_canvas_config *);
    void (*canvas_unref)(chafa_canvas *);
    void (*draw_all_pixels)(chafa_canvas *, int, const uint8_t *, int, int, int);
    uint32_t (*char_at)(chafa_canvas *, int, int);
    void (*raw_colors_at)(chafa_canvas *, int, int, int *, int *);
    void (*calc_geometry)(int, int, int *, int *, float, int, int);
    void (*config_set_pixel_mode)(chafa_canvas_config *, int);
    void (*config_set_cell_geometry)(chafa_canvas_config *, int, int);
    chafa_term_db *(*term_db_default)(void);
    chafa_term_info *(*term_fallback_info)(chafa_term_db *);
    chafa_gstring *(*canvas_print)(chafa_canvas *, chafa_term_info *);
    char *(*gstring_free)(chafa_gstring *, int);
} cf;
static void load_chafa(void) {
    chafa_lib.handle = open_library(&chafa_lib);
    RESOLVE(chafa_lib, cf.symbol_map_new, chafa_symbol_map_new)
    RESOLVE(chafa_lib, cf.symbol_map_add_by_tags, chafa_symbol_map_add_by_tags)
    RESOLVE(chafa_lib, cf.symbol_map_unref, chafa_symbol_map_unref)
    RESOLVE(chafa_lib, cf.config_new, chafa_canvas_config_new)
    RESOLVE(chafa_lib, cf.config_set_geometry, chafa_canvas_config_set_geometry)
    RESOLVE(chafa_lib, cf.config_set_canvas_mode, chafa_canvas_config_set_canvas_mode)
    RESOLVE(chafa_lib, cf.config_set_symbol_map, chafa_canvas_config_set_symbol_map)
    RESOLVE(chafa_lib, cf.config_unref, chafa_canvas_config_unref)
    RESOLVE(chafa_lib, cf.canvas_new, chafa_canvas_new)
    RESOLVE(chafa_lib, cf.canvas_unref, chafa_canvas_unref)
    RESOLVE(chafa_lib, cf.draw_all_pixels, chafa_canvas_draw_all_pixels)
    RESOLVE(chafa_lib, cf.char_at, chafa_canvas_get_char_at)
    RESOLVE(chafa_lib, cf.raw_colors_at, chafa_canvas_get_raw_colors_at)
    RESOLVE(chafa_lib, cf.calc_geometry, chafa_calc_canvas_geometry)
    RESOLVE(chafa_lib, cf.config_set_pixel_mode, chafa_canvas_config_set_pixel_mode)
    RESOLVE(chafa_lib, cf.config_set_cell_geometry, chafa_canvas_config_set_cell_geometry)
    RESOLVE(chafa_lib, cf.term_db_default, chafa_term_db_get_default)
    RESOLVE(chafa_lib, cf.term_fallback_info, chafa_term_db_get_fallback_info)
    RESOLVE(chafa_lib, cf.canvas_print, chafa_canvas_print)
    // GLib's, reached through libchafa's own dependencies.
    RESOLVE(chafa_lib, cf.gstring_free, g_string_free)
}

static int ready(library *lib, void (*load)(void), char *error, size_t error_size) {
    pthread_once(&lib->once, load);
    if (lib->handle != NULL) return 1;
    copy_text(error, error_size, lib->failure);
    return 0;
}

// ---- Decoding ---------------------------------------------------------------------------------------------

int nearby_picture_format(const uint8_t *data, size_t length) {
    static const uint8_t png_magic[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return NEARBY_PICTURE_JPEG;
    if (length >= 8 && memcmp(data, png_magic, 8) == 0) return NEARBY_PICTURE_PNG;
    if (length >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) return NEARBY_PICTURE_WEBP;
    if (length >= 6 && (memcmp(data, "GIF87a", 6) == 0 || memcmp(data, "GIF89a", 6) == 0)) return NEARBY_PICTURE_GIF;
    return NEARBY_PICTURE_UNKNOWN;
}

static int too_large(long width, long height, long max_pixels, int *claimed_width, int *claimed_height) {
    if (width > 0 && height > 0 && width <= 65535 && height <= 65535 && width * height <= max_pixels) return 0;
    *claimed_width = (int)(width > 0x7FFFFFFF ? 0x7FFFFFFF : width);
    *claimed_height = (int)(height > 0x7FFFFFFF ? 0x7FFFFFFF : height);
    return 1;
}

// ---- JPEG extras: CMYK, and the camera's orientation ----------------------------------------------------------

// CMYK as Adobe's programs write it (every channel inverted: 255 is no ink), which libjpeg hands on unchanged:
// red = C × K / 255, and so on. In place: four bytes a pixel either way.
static void cmyk_to_rgba(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        unsigned k = p[3];
        p[0] = (uint8_t)(p[0] * k / 255);
        p[1] = (uint8_t)(p[1] * k / 255);
        p[2] = (uint8_t)(p[2] * k / 255);
        p[3] = 255;
    }
}

// The EXIF orientation of a JPEG (1–8; 1 when it has none): a camera that was held sideways writes its pixels as
// the sensor saw them and says how to turn them. Read from the APP1 "Exif" segment's first directory, bounds
// checked at every step.
static int jpeg_orientation(const uint8_t *data, size_t length) {
    size_t at = 2;
    while (at + 4 <= length && data[at] == 0xFF) {
        uint8_t marker = data[at + 1];
        size_t size = ((size_t)data[at + 2] << 8) | data[at + 3];
        if (marker == 0xDA || marker == 0xD9 || size < 2 || at + 2 + size > length) break;
        const uint8_t *segment = data + at + 4;
        size_t available = size - 2;
        if (marker == 0xE1 && available >= 14 && memcmp(segment, "Exif\0\0", 6) == 0) {
            const uint8_t *tiff = segment + 6;
            size_t tiff_length = available - 6;
            int little = tiff[0] == 'I' && tiff[1] == 'I';
            if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
#define U16(p) (little ? (unsigned)((p)[0] | (p)[1] << 8) : (unsigned)((p)[0] << 8 | (p)[1]))
#define U32(p) (little ? ((uint32_t)(p)[0] | (uint32_t)(p)[1] << 8 | (uint32_t)(p)[2] << 16 | (uint32_t)(p)[3] << 24) \
                       : ((uint32_t)(p)[0] << 24 | (uint32_t)(p)[1] << 16 | (uint32_t)(p)[2] << 8 | (uint32_t)(p)[3]))
            uint32_t directory = U32(tiff + 4);
            if ((size_t)directory + 2 > tiff_length) return 1;
            unsigned entries = U16(tiff + directory);
            for (unsigned i = 0; i < entries; i++) {
                size_t entry = (size_t)directory + 2 + (size_t)i * 12;
                if (entry + 12 > tiff_length) return 1;
                if (U16(tiff + entry) == 0x0112) {
                    unsigned value = U16(tiff + entry + 8);
                    return value >= 1 && value <= 8 ? (int)value : 1;
                }
            }
#undef U16
#undef U32
            return 1;
        }
        at += 2 + size;
    }
    return 1;
}

// Turns decoded pixels upright as the orientation says (2–8: mirrored, turned, or both); a new buffer replaces
// the old.
static int orient(nearby_pixels *picture, int orientation) {
    if (orientation <= 1 || orientation > 8) return NEARBY_PICTURE_OK;
    int w = picture->width, h = picture->height;
    int swapped = orientation >= 5;
    int ow = swapped ? h : w, oh = swapped ? w : h;
    uint32_t *turned = malloc((size_t)w * h * 4);
    if (turned == NULL) return NEARBY_PICTURE_NO_MEMORY;
    const uint32_t *source = (const uint32_t *)(void *)picture->rgba;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int tx, ty;
            switch (orientation) {
            case 2: tx = w - 1 - x; ty = y; break;          // mirrored left to right
            case 3: tx = w - 1 - x; ty = h - 1 - y; break;  // upside down
            case 4: tx = x; ty = h - 1 - y; break;          // mirrored top to bottom
            case 5: tx = y; ty = x; break;                  // mirrored along the diagonal
            case 6: tx = h - 1 - y; ty = x; break;          // turned a quarter clockwise to stand upright
            case 7: tx = h - 1 - y; ty = w - 1 - x; break;  // mirrored along the other diagonal
            default: tx = y; ty = w - 1 - x; break;         // 8: a quarter anticlockwise
            }
            turned[(size_t)ty * ow + tx] = source[(size_t)y * w + x];
        }
    }
    free(picture->rgba);
    picture->rgba = (uint8_t *)turned;
    picture->width = ow;
    picture->height = oh;
    return NEARBY_PICTURE_OK;
}

static int decode_jpeg(const uint8_t *data, size_t length, long max_pixels, int fit_side, nearby_pixels *out,
                       int *claimed_width, int *claimed_height, char *error, size_t error_size) {
    if (!ready(&jpeg_lib, load_jpeg, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    if (length > 0xFFFFFFFFul) { copy_text(error, error_size, "too long"); return NEARBY_PICTURE_DAMAGED; }
    tjhandle handle = tj.init_decompress();
    if (handle == NULL) return NEARBY_PICTURE_NO_MEMORY;
    int width = 0, height = 0, subsampling = 0, colorspace = 0, status = NEARBY_PICTURE_OK;
    if (tj.header(handle, data, (unsigned long)length, &width, &height, &subsampling, &colorspace) != 0) {
        copy_text(error, error_size, tj.error_text(handle));
        tj.destroy(handle);
        return NEARBY_PICTURE_DAMAGED;
    }
    // The smallest scale (of libjpeg-turbo's own: 1/8, 1/4, 3/8 … 2) whose long side still covers fit_side.
    int factors_count = 0;
    tjscalingfactor *factors = tj.scaling_factors(&factors_count);
    int scaled_width = width, scaled_height = height;
    long long_side = width > height ? width : height;
    if (fit_side > 0 && long_side > fit_side && factors != NULL) {
        for (int i = 0; i < factors_count; i++) {
            if (factors[i].num >= factors[i].denom) continue;
            int w = TJSCALED(width, factors[i]), h = TJSCALED(height, factors[i]);
            int side = w > h ? w : h;
            if (side >= fit_side && (long)w * h < (long)scaled_width * scaled_height) {
                scaled_width = w;
                scaled_height = h;
            }
        }
    }
    // The header's own size is bounded too, at four times the decoded one: libjpeg keeps a progressive
    // picture's coefficients at full size whatever the scale it is decoded at.
    if (too_large(scaled_width, scaled_height, max_pixels, claimed_width, claimed_height)
        || too_large(width, height, max_pixels * 4, claimed_width, claimed_height)) {
        *claimed_width = width;
        *claimed_height = height;
        tj.destroy(handle);
        return NEARBY_PICTURE_TOO_LARGE;
    }
    uint8_t *pixels = malloc((size_t)scaled_width * scaled_height * 4);
    if (pixels == NULL) { tj.destroy(handle); return NEARBY_PICTURE_NO_MEMORY; }
    // A print shop's CMYK (or YCCK) JPEG cannot be decoded to RGB by libjpeg: it is decoded as CMYK and
    // turned into RGB below.
    int cmyk = colorspace == TJCS_CMYK || colorspace == TJCS_YCCK;
    // Stop on warnings too (a truncated file is a warning to libjpeg), and bound the scans of a progressive
    // JPEG, so a hostile one cannot spend minutes.
    if (tj.decompress(handle, data, (unsigned long)length, pixels, scaled_width, 0, scaled_height,
                      cmyk ? TJPF_CMYK : TJPF_RGBA, TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS) != 0) {
        copy_text(error, error_size, tj.error_text(handle));
        free(pixels);
        status = NEARBY_PICTURE_DAMAGED;
    } else {
        if (cmyk) cmyk_to_rgba(pixels, (size_t)scaled_width * scaled_height);
        out->rgba = pixels;
        out->width = scaled_width;
        out->height = scaled_height;
        status = orient(out, jpeg_orientation(data, length));
    }
    tj.destroy(handle);
    return status;
}

static int decode_png(const uint8_t *data, size_t length, long max_pixels, nearby_pixels *out,
                      int *claimed_width, int *claimed_height, char *error, size_t error_size) {
    if (!ready(&png_lib, load_png, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!pn.begin(&image, data, length)) {
        copy_text(error, error_size, image.message);
        pn.free(&image);
        return NEARBY_PICTURE_DAMAGED;
    }
    if (too_large(image.width, image.height, max_pixels, claimed_width, claimed_height)) {
        pn.free(&image);
        return NEARBY_PICTURE_TOO_LARGE;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *pixels = malloc((size_t)image.width * image.height * 4);
    if (pixels == NULL) { pn.free(&image); return NEARBY_PICTURE_NO_MEMORY; }
    if (!pn.finish(&image, NULL, pixels, 0, NULL)) {
        copy_text(error, error_size, image.message);
        free(pixels);
        pn.free(&image);
        return NEARBY_PICTURE_DAMAGED;
    }
    out->rgba = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
    pn.free(&image);
    return NEARBY_PICTURE_OK;
}

static int decode_webp(const uint8_t *data, size_t length, long max_pixels, nearby_pixels *out,
                       int *claimed_width, int *claimed_height, char *error, size_t error_size) {
    if (!ready(&webp_lib, load_webp, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    int width = 0, height = 0;
    if (!wp.info(data, length, &width, &height)) {
        copy_text(error, error_size, "not a WebP picture libwebp can read");
        return NEARBY_PICTURE_DAMAGED;
    }
    if (too_large(width, height, max_pixels, claimed_width, claimed_height)) return NEARBY_PICTURE_TOO_LARGE;
    uint8_t *decoded = wp.decode(data, length, &width, &height);
    if (decoded == NULL) {
        copy_text(error, error_size, "libwebp could not decode it");
        return NEARBY_PICTURE_DAMAGED;
    }
    // Copied into memory of our own, so every picture is freed the same way.
    size_t size = (size_t)width * height * 4;
    uint8_t *pixels = malloc(size);
    if (pixels == NULL) { wp.free(decoded); return NEARBY_PICTURE_NO_MEMORY; }
    memcpy(pixels, decoded, size);
    wp.free(decoded);
    out->rgba = pixels;
    out->width = width;
    out->height = height;
    return NEARBY_PICTURE_OK;
}

int nearby_picture_decode(const uint8_t *data, size_t length, long max_pixels, int fit_side,
                          nearby_pixels *out, int *claimed_width, int *claimed_height,
                          char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    *claimed_width = 0;
    *claimed_height = 0;
    copy_text(error, error_size, "");
    switch (nearby_picture_format(data, length)) {
    case NEARBY_PICTURE_JPEG:
        return decode_jpeg(data, length, max_pixels, fit_side, out, claimed_width, claimed_height, error, error_size);
    case NEARBY_PICTURE_PNG:
        return decode_png(data, length, max_pixels, out, claimed_width, claimed_height, error, error_size);
    case NEARBY_PICTURE_WEBP:
        return decode_webp(data, length, max_pixels, out, claimed_width, claimed_height, error, error_size);
    case NEARBY_PICTURE_GIF:
        return NEARBY_PICTURE_UNSUPPORTED;
    default:
        return NEARBY_PICTURE_NOT_A_PICTURE;
    }
}

void nearby_pixels_free(nearby_pixels *pixels) {
    free(pixels->rgba);
    pixels->rgba = NULL;
    pixels->width = 0;
    pixels->height = 0;
}

// ---- Scaling ----------------------------------------------------------------------------------------------

// An area average: each output pixel is the mean of the source pixels it covers (whole ones; the edges of a
// non-integer ratio are shared by rounding), weighted by alpha so transparent pixels lend no colour.
int nearby_pixels_fit(const nearby_pixels *in, int max_side, nearby_pixels *out) {
    memset(out, 0, sizeof *out);
    if (in->rgba == NULL || in->width <= 0 || in->height <= 0 || max_side <= 0) return NEARBY_PICTURE_NOT_A_PICTURE;
    int long_side = in->width > in->height ? in->width : in->height;
    int width = in->width, height = in->height;
    if (long_side > max_side) {
        width = (int)((long)in->width * max_side / long_side);
        height = (int)((long)in->height * max_side / long_side);
        if (width < 1) width = 1;
        if (height < 1) height = 1;
    }
    uint8_t *pixels = malloc((size_t)width * height * 4);
    if (pixels == NULL) return NEARBY_PICTURE_NO_MEMORY;
    if (width == in->width && height == in->height) {
        memcpy(pixels, in->rgba, (size_t)width * height * 4);
    } else {
        for (int y = 0; y < height; y++) {
            int y0 = (int)((long)y * in->height / height), y1 = (int)((long)(y + 1) * in->height / height);
            if (y1 <= y0) y1 = y0 + 1;
            for (int x = 0; x < width; x++) {
                int x0 = (int)((long)x * in->width / width), x1 = (int)((long)(x + 1) * in->width / width);
                if (x1 <= x0) x1 = x0 + 1;
                unsigned long long r = 0, g = 0, b = 0, a = 0, count = 0;
                for (int sy = y0; sy < y1; sy++) {
                    const uint8_t *p = in->rgba + ((size_t)sy * in->width + x0) * 4;
                    for (int sx = x0; sx < x1; sx++, p += 4) {
                        r += (unsigned long long)p[0] * p[3];
                        g += (unsigned long long)p[1] * p[3];
                        b += (unsigned long long)p[2] * p[3];
                        a += p[3];
                        count++;
                    }
                }
                uint8_t *o = pixels + ((size_t)y * width + x) * 4;
                o[0] = a ? (uint8_t)(r / a) : 0;
                o[1] = a ? (uint8_t)(g / a) : 0;
                o[2] = a ? (uint8_t)(b / a) : 0;
                o[3] = (uint8_t)(a / count);
            }
        }
    }
    out->rgba = pixels;
    out->width = width;
    out->height = height;
    return NEARBY_PICTURE_OK;
}

// ---- Encoding ---------------------------------------------------------------------------------------------

int nearby_picture_encode_jpeg(const nearby_pixels *in, int quality, uint8_t **jpeg, size_t *jpeg_length,
                               char *error, size_t error_size) {
    *jpeg = NULL;
    *jpeg_length = 0;
    if (!ready(&jpeg_lib, load_jpeg, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    tjhandle handle = tj.init_compress();
    if (handle == NULL) return NEARBY_PICTURE_NO_MEMORY;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    int status = NEARBY_PICTURE_OK;
    if (tj.compress(handle, in->rgba, in->width, 0, in->height, TJPF_RGBA, &buffer, &size, TJSAMP_420, quality,
                    0) != 0) {
        copy_text(error, error_size, tj.error_text(handle));
        status = NEARBY_PICTURE_DAMAGED;
    } else {
        // Copied into malloc'ed memory, so the caller frees it with free() whatever encoded it.
        *jpeg = malloc(size);
        if (*jpeg == NULL) {
            status = NEARBY_PICTURE_NO_MEMORY;
        } else {
            memcpy(*jpeg, buffer, size);
            *jpeg_length = size;
        }
    }
    if (buffer != NULL) tj.free(buffer);
    tj.destroy(handle);
    return status;
}

// ---- Cells ------------------------------------------------------------------------------------------------

int nearby_picture_cells(const nearby_pixels *in, int columns, int rows, int mode, int sextants,
                         uint32_t *chars, int32_t *fg, int32_t *bg, char *error, size_t error_size) {
    if (!ready(&chafa_lib, load_chafa, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    if (columns <= 0 || rows <= 0 || in->rgba == NULL) return NEARBY_PICTURE_NOT_A_PICTURE;
    chafa_symbol_map *map = cf.symbol_map_new();
    int tags = TAG_SPACE | TAG_SOLID | TAG_BLOCK | TAG_QUAD | TAG_HHALF | TAG_VHALF;
    if (sextants) tags |= TAG_SEXTANT;
    cf.symbol_map_add_by_tags(map, tags);
    chafa_canvas_config *config = cf.config_new();
    cf.config_set_geometry(config, columns, rows);
    cf.config_set_canvas_mode(config, mode);
    cf.config_set_symbol_map(config, map);
    chafa_canvas *canvas = cf.canvas_new(config);
    cf.draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, in->rgba, in->width, in->height, in->width * 4);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            size_t at = (size_t)y * columns + x;
            int f = -1, b = -1;
            chars[at] = cf.char_at(canvas, x, y);
            cf.raw_colors_at(canvas, x, y, &f, &b);
            fg[at] = f;
            bg[at] = b;
        }
    }
    cf.canvas_unref(canvas);
    cf.config_unref(config);
    cf.symbol_map_unref(map);
    return NEARBY_PICTURE_OK;
}

int nearby_picture_fit_cells(int width, int height, int *columns, int *rows, float font_ratio,
                             char *error, size_t error_size) {
    if (!ready(&chafa_lib, load_chafa, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    cf.calc_geometry(width, height, columns, rows, font_ratio, 1, 0);
    return NEARBY_PICTURE_OK;
}

// ---- Terminal graphics ------------------------------------------------------------------------------------

// The fallback description holds every sequence libchafa writes (kitty's, iTerm2's, sixels'); it is the same
// for the whole process, so it is made once and kept.
static pthread_once_t term_info_once = PTHREAD_ONCE_INIT;
static chafa_term_info *term_info;
static void load_term_info(void) { term_info = cf.term_fallback_info(cf.term_db_default()); }

int nearby_picture_escape(const nearby_pixels *in, int columns, int rows, int cell_width, int cell_height,
                          int protocol, uint8_t **bytes, size_t *length, char *error, size_t error_size) {
    *bytes = NULL;
    *length = 0;
    if (!ready(&chafa_lib, load_chafa, error, error_size)) return NEARBY_PICTURE_NO_LIBRARY;
    if (columns <= 0 || rows <= 0 || cell_width <= 0 || cell_height <= 0 || in->rgba == NULL) {
        return NEARBY_PICTURE_NOT_A_PICTURE;
    }
    int pixel_mode;
    switch (protocol) {
    case NEARBY_GRAPHICS_SIXEL: pixel_mode = CHAFA_PIXEL_MODE_SIXELS; break;
    case NEARBY_GRAPHICS_KITTY: pixel_mode = CHAFA_PIXEL_MODE_KITTY; break;
    case NEARBY_GRAPHICS_ITERM2: pixel_mode = CHAFA_PIXEL_MODE_ITERM2; break;
    default: return NEARBY_PICTURE_UNSUPPORTED;
    }
    pthread_once(&term_info_once, load_term_info);
    if (term_info == NULL) {
        copy_text(error, error_size, "libchafa has no terminal description");
        return NEARBY_PICTURE_NO_LIBRARY;
    }
    chafa_canvas_config *config = cf.config_new();
    cf.config_set_geometry(config, columns, rows);
    cf.config_set_cell_geometry(config, cell_width, cell_height);
    cf.config_set_canvas_mode(config, 0);
    cf.config_set_pixel_mode(config, pixel_mode);
    chafa_canvas *canvas = cf.canvas_new(config);
    cf.draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, in->rgba, in->width, in->height, in->width * 4);
    chafa_gstring *printed = cf.canvas_print(canvas, term_info);
    int status = NEARBY_PICTURE_OK;
    if (printed == NULL || printed->len == 0) {
        copy_text(error, error_size, "libchafa wrote nothing");
        status = NEARBY_PICTURE_DAMAGED;
    } else if ((*bytes = malloc(printed->len)) == NULL) {
        status = NEARBY_PICTURE_NO_MEMORY;
    } else {
        memcpy(*bytes, printed->str, printed->len);
        *length = printed->len;
    }
    if (printed != NULL) cf.gstring_free(printed, 1);
    cf.canvas_unref(canvas);
    cf.config_unref(config);
    return status;
}
