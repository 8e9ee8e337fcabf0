// Cairo and Pango come in through pangocairo's pkg-config flags. librsvg's own header needs gdk-pixbuf's
// include path, which those flags lack, so the handful of librsvg 2.52+ functions used are declared here.
#include <pango/pangocairo.h>
#include <cairo.h>
#include <pixman.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, gdouble *out_width, gdouble *out_height);
