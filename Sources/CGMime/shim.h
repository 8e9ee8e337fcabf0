#include <gmime/gmime.h>
#include <iconv.h>

// GMime's type checks and casts are GObject macros, which Swift does not import. Each helper below checks an object's
// type and hands it back as that type, or NULL when it is something else, so Swift never casts a pointer unchecked.

/// `object` as a multipart (multipart/mixed, /alternative, /related, /signed, ...), or NULL if it is not one.
static inline GMimeMultipart *kinetic_as_multipart(GMimeObject *object) {
    return (object && GMIME_IS_MULTIPART(object)) ? (GMimeMultipart *)object : NULL;
}

/// `object` as a leaf part that holds content (text, an image, a PDF, ...), or NULL if it is not one.
static inline GMimePart *kinetic_as_part(GMimeObject *object) {
    return (object && GMIME_IS_PART(object)) ? (GMimePart *)object : NULL;
}

/// `object` as an embedded message (message/rfc822), or NULL if it is not one.
static inline GMimeMessagePart *kinetic_as_message_part(GMimeObject *object) {
    return (object && GMIME_IS_MESSAGE_PART(object)) ? (GMimeMessagePart *)object : NULL;
}

/// `message` as the generic object GMime writes to streams.
static inline GMimeObject *kinetic_message_object(GMimeMessage *message) {
    return (GMimeObject *)message;
}

/// `stream` as the memory stream it was made as (`g_mime_stream_mem_new`), or NULL if it is another kind.
static inline GMimeStreamMem *kinetic_as_memory_stream(GMimeStream *stream) {
    return (stream && GMIME_IS_STREAM_MEM(stream)) ? (GMimeStreamMem *)stream : NULL;
}

/// Whether `converter`, as `g_mime_iconv_open` returned it, is open: iconv signals failure with `(iconv_t)-1`,
/// which Swift cannot spell as a pointer constant.
static inline int kinetic_iconv_is_open(iconv_t converter) {
    return converter != (iconv_t)-1;
}
