#ifndef SPATIALEVAL_CPNG_SHIM_H
#define SPATIALEVAL_CPNG_SHIM_H
/* The thin C side of PNG decoding and encoding through libpng (imported by CaptureFolders
   only; every call is in CaptureFolders/PNG/PNGCalls.swift). libpng reports errors by
   longjmp, which Swift cannot catch, so the setjmp and every libpng call that may jump live in
   these functions; they return 0 on success, or non-zero with libpng's message copied into
   the caller's buffer. Samples are returned as stored: no gamma, colour-profile or other
   transform is applied (a depth map's millimetres stay millimetres), 16-bit samples
   big-endian. */
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* Where an error message goes: libpng's text, cut to the buffer. */
typedef struct {
    char *text;
    size_t capacity;
} cpng_message;

static void cpng_on_error(png_structp png, png_const_charp text) {
    cpng_message *message = (cpng_message *)png_get_error_ptr(png);
    if (message != NULL && message->capacity > 0) {
        strncpy(message->text, text != NULL ? text : "unknown libpng error", message->capacity - 1);
        message->text[message->capacity - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void cpng_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* warnings (e.g. an unusual colour profile) do not change the samples */
}

/* An input held in memory. */
typedef struct {
    const unsigned char *bytes;
    size_t size;
    size_t offset;
} cpng_source;

static void cpng_read_bytes(png_structp png, png_bytep out, size_t count) {
    cpng_source *source = (cpng_source *)png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "the file ends early (truncated PNG)");
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

/* The header of a PNG. */
typedef struct {
    unsigned int width;
    unsigned int height;
    int bit_depth;
    int color_type;
    int interlaced;
} cpng_header;

/* Reads the PNG in bytes[0..<size]: its header into *header, and when pixels is not NULL its
   samples, row after row with no padding, into pixels (capacity bytes, which must hold
   height × width × channels × bit_depth / 8 bytes; only 8- and 16-bit images are decoded).
   Images wider or taller than max_side are refused before any row is read. */
static inline int cpng_read(const unsigned char *bytes, size_t size, unsigned int max_side, cpng_header *header,
                            unsigned char *pixels, size_t capacity, char *message_text, size_t message_capacity) {
    cpng_message message = {message_text, message_capacity};
    cpng_source source = {bytes, size, 0};
    if (size < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        strncpy(message_text, "not a PNG file (no PNG signature)", message_capacity - 1);
        message_text[message_capacity - 1] = 0;
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &message, cpng_on_error, cpng_on_warning);
    if (png == NULL) return 1;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, max_side, max_side);
    png_set_chunk_malloc_max(png, 16u << 20);
    png_set_read_fn(png, &source, cpng_read_bytes);
    png_read_info(png, info);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if (pixels != NULL) {
        if (header->bit_depth != 8 && header->bit_depth != 16) png_error(png, "only 8- and 16-bit samples are decoded");
        size_t row_bytes = png_get_rowbytes(png, info);
        if (row_bytes == 0 || header->height > capacity / row_bytes) png_error(png, "the image is larger than the caller's buffer");
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        for (int pass = 0; pass < passes; pass++) {
            for (unsigned int row = 0; row < header->height; row++) png_read_row(png, pixels + (size_t)row * row_bytes, NULL);
        }
        png_read_end(png, NULL);
    }
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/* A growing output buffer in memory. */
typedef struct {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
} cpng_sink;

static void cpng_write_bytes(png_structp png, png_bytep data, size_t count) {
    cpng_sink *sink = (cpng_sink *)png_get_io_ptr(png);
    if (count > sink->capacity - sink->size) {
        size_t capacity = sink->capacity > 0 ? sink->capacity : 4096;
        while (count > capacity - sink->size) {
            if (capacity > ((size_t)-1) / 2) png_error(png, "out of memory");
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(sink->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, count);
    sink->size += count;
}

static void cpng_flush(png_structp png) { (void)png; }

/* Encodes a grayscale image of width × height samples of bit_depth 8 or 16 (16-bit samples
   big-endian, rows without padding) as a PNG; on success *out holds malloc'd bytes (free them
   with cpng_free) and *out_size their count. */
static inline int cpng_write_gray(unsigned int width, unsigned int height, int bit_depth, const unsigned char *samples,
                                  unsigned char **out, size_t *out_size, char *message_text, size_t message_capacity) {
    cpng_message message = {message_text, message_capacity};
    cpng_sink sink = {NULL, 0, 0};
    *out = NULL;
    *out_size = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &message, cpng_on_error, cpng_on_warning);
    if (png == NULL) return 1;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.bytes);
        return 1;
    }
    png_set_write_fn(png, &sink, cpng_write_bytes, cpng_flush);
    png_set_IHDR(png, info, width, height, bit_depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    size_t row_bytes = (size_t)width * (size_t)(bit_depth / 8);
    for (unsigned int row = 0; row < height; row++) png_write_row(png, samples + (size_t)row * row_bytes);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    *out = sink.bytes;
    *out_size = sink.size;
    return 0;
}

/* Frees what cpng_write_gray returned. */
static inline void cpng_free(unsigned char *bytes) { free(bytes); }

#endif
