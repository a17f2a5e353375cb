#include <zlib.h>

/* inflateInit2 is a macro, which Swift does not import: a gzip stream's inflater (15-bit window,
   +16 for the gzip wrapper), with zlib's version and the struct's size checked as the macro does. */
static inline int rc_gzip_inflate_init(z_stream *stream) {
    return inflateInit2(stream, 15 + 16);
}
