#ifndef NEARBY_PICTURES_H
#define NEARBY_PICTURES_H
// Pictures through the system's libraries, opened at run time (dlopen) on first use: libjpeg-turbo, libpng and
// libwebp decode, libchafa turns pixels into terminal cells. A session that shows no picture loads none of
// them, and a machine without them still runs the app, with pictures off and the reason said.
#include <stddef.h>
#include <stdint.h>

// Pixels, 8 bits per channel, RGBA, rows packed (stride = width * 4). Owned by whoever got them; free with
// nearby_pixels_free.
typedef struct nearby_pixels {
    uint8_t *rgba;
    int width;
    int height;
} nearby_pixels;

// The formats a picture's first bytes say it is.
enum {
    NEARBY_PICTURE_UNKNOWN = 0,
    NEARBY_PICTURE_JPEG = 1,
    NEARBY_PICTURE_PNG = 2,
    NEARBY_PICTURE_WEBP = 3,
    NEARBY_PICTURE_GIF = 4,
};

// What went wrong, for the caller to put in words.
enum {
    NEARBY_PICTURE_OK = 0,
    NEARBY_PICTURE_NO_LIBRARY = 1,   // the library for the format could not be opened; `error` names it
    NEARBY_PICTURE_NOT_A_PICTURE = 2,
    NEARBY_PICTURE_UNSUPPORTED = 3,  // a format known but not decoded (GIF)
    NEARBY_PICTURE_TOO_LARGE = 4,    // the header claims more pixels than allowed; width and height say how many
    NEARBY_PICTURE_DAMAGED = 5,      // the decoder refused it; `error` holds its words
    NEARBY_PICTURE_NO_MEMORY = 6,
};

// The format named by a picture's first bytes.
int nearby_picture_format(const uint8_t *data, size_t length);

// Decodes a JPEG, PNG or WebP picture into RGBA. A picture whose header claims more than `max_pixels` pixels is
// refused before anything is allocated (its claimed size in *claimed_width and *claimed_height). A JPEG larger
// than `fit_side` on its long side is decoded at the smallest of libjpeg-turbo's scales that still covers it,
// which costs a fraction of the full decode. `error` receives a short reason on failure.
int nearby_picture_decode(const uint8_t *data, size_t length, long max_pixels, int fit_side,
                          nearby_pixels *out, int *claimed_width, int *claimed_height,
                          char *error, size_t error_size);

// Scales `in` down so its long side is at most `max_side` (area average; never up). Returns
// NEARBY_PICTURE_OK with `out` a new picture (a copy when no scaling is needed).
int nearby_pixels_fit(const nearby_pixels *in, int max_side, nearby_pixels *out);

void nearby_pixels_free(nearby_pixels *pixels);

// Encodes RGBA as a JPEG of `quality` (1–100) for the store; *jpeg is malloc'ed, free it with free().
int nearby_picture_encode_jpeg(const nearby_pixels *in, int quality, uint8_t **jpeg, size_t *jpeg_length,
                               char *error, size_t error_size);

// Cells of a picture drawn with libchafa in blocks (half blocks, quadrants and solid blocks, and sextants
// when `sextants`): `columns` x `rows` characters in `chars`, their colours in `fg` and `bg`. In the indexed
// modes a colour is a palette index (16–255), in truecolor a packed 0xRRGGBB; -1 is transparent.
// `mode`: 0 truecolor, 1 256 colours, 2 240 colours (the 16 a user's theme may change left out).
int nearby_picture_cells(const nearby_pixels *in, int columns, int rows, int mode, int sextants,
                         uint32_t *chars, int32_t *fg, int32_t *bg, char *error, size_t error_size);

// The cells a picture of width x height pixels takes to fit within *columns x *rows (both in and out), cells
// being `font_ratio` as wide as tall.
int nearby_picture_fit_cells(int width, int height, int *columns, int *rows, float font_ratio,
                             char *error, size_t error_size);

// The ways a terminal shows pixels.
enum {
    NEARBY_GRAPHICS_KITTY = 1,
    NEARBY_GRAPHICS_SIXEL = 2,
    NEARBY_GRAPHICS_ITERM2 = 3,
};

// A picture as the escape sequence that shows it at the cursor in `columns` x `rows` cells of `cell_width` x
// `cell_height` pixels, in `protocol` (kitty graphics, sixels, iTerm2 inline images), written by libchafa.
// *bytes is malloc'ed, free it with free().
int nearby_picture_escape(const nearby_pixels *in, int columns, int rows, int cell_width, int cell_height,
                          int protocol, uint8_t **bytes, size_t *length, char *error, size_t error_size);

#endif
