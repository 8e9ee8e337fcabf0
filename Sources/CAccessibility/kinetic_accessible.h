// The accessible object type Kinetic publishes, and its text variant (see kinetic_accessible.c).
#ifndef KINETIC_ACCESSIBLE_H
#define KINETIC_ACCESSIBLE_H

#include <atk/atk.h>
#include "include/kinetic_a11y.h"

/// One published node's object: a copy of what the node says, kept until the next tree replaces it.
typedef struct {
    AtkObject parent;
    int32_t id;
    uint32_t states;
    double x, y, width, height;
    gchar **action_names;
    gchar *text;                 // the text type's
    int32_t caret, selection_start, selection_end;
    gchar *live;                 // "polite" for a live region
    GPtrArray *children;         // KineticAccessible*, each holding a reference
    gboolean defunct;            // gone from the tree; kept alive only by clients' references
    gboolean active;             // the frame's: the window has the keyboard focus (ATK_STATE_ACTIVE)
    int32_t announcement;        // a notification's last announcement number (0: none yet)
    gboolean quiet;              // a notification that has said its announcement and no longer shows
    guint quiet_source;          // the timer that makes it quiet (0: none)
    gboolean not_showing;        // scrolled out of view, or with no layer now: no SHOWING state
    double value_current, value_minimum, value_maximum;  // the value type's
    gchar *value_text;
    gint line_count;             // the text type's laid-out lines (0: the text's newlines are its lines)
    gint *line_starts;           // line_count character offsets
    double *line_boxes;          // line_count × (x, y, width, height), screen pixels
} KineticAccessible;

typedef struct { AtkObjectClass parent_class; } KineticAccessibleClass;
typedef struct { KineticAccessible parent; } KineticTextAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticTextAccessibleClass;
/// An editable text (a field): the text type, plus AtkEditableText. A read-only text (a message's body) offers no
/// editing at all, so a screen reader's edit there is refused rather than reported done.
typedef struct { KineticTextAccessible parent; } KineticEditableTextAccessible;
typedef struct { KineticTextAccessibleClass parent_class; } KineticEditableTextAccessibleClass;
/// A control with a value on a range (a picker's wheel): the same object, plus AtkValue.
typedef struct { KineticAccessible parent; } KineticValueAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticValueAccessibleClass;
/// A list: the same object, plus AtkSelection over its items (the selected ones are those with the SELECTED state).
typedef struct { KineticAccessible parent; } KineticListAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticListAccessibleClass;
/// The window's frame: the same object, plus the AtkWindow interface, whose signals ("activate", "deactivate",
/// "create") are how the AT-SPI bridge learns of window events (it hooks `Atk:AtkWindow:activate` and the rest).
typedef struct { KineticAccessible parent; } KineticFrameAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticFrameAccessibleClass;

GType kinetic_accessible_get_type(void);
GType kinetic_text_accessible_get_type(void);
GType kinetic_editable_text_accessible_get_type(void);
GType kinetic_frame_accessible_get_type(void);
GType kinetic_value_accessible_get_type(void);
GType kinetic_list_accessible_get_type(void);
#define KINETIC_TYPE_ACCESSIBLE (kinetic_accessible_get_type())
#define KINETIC_TYPE_TEXT_ACCESSIBLE (kinetic_text_accessible_get_type())
#define KINETIC_TYPE_EDITABLE_TEXT_ACCESSIBLE (kinetic_editable_text_accessible_get_type())
#define KINETIC_TYPE_FRAME_ACCESSIBLE (kinetic_frame_accessible_get_type())
#define KINETIC_TYPE_VALUE_ACCESSIBLE (kinetic_value_accessible_get_type())
#define KINETIC_TYPE_LIST_ACCESSIBLE (kinetic_list_accessible_get_type())
#define KINETIC_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_CAST((o), KINETIC_TYPE_ACCESSIBLE, KineticAccessible))
#define KINETIC_IS_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), KINETIC_TYPE_ACCESSIBLE))

void kinetic_accessible_set_request_callback(KA11yRequestCallback callback);
/// Asks the app for `kind` on `self` through the request callback (on the bridge's thread).
void kinetic_accessible_request(KineticAccessible *self, int32_t kind, int32_t index, const char *text);
void kinetic_component_init(AtkComponentIface *iface);
void kinetic_action_init(AtkActionIface *iface);
void kinetic_text_init(AtkTextIface *iface);
void kinetic_editable_text_init(AtkEditableTextIface *iface);
void kinetic_value_init(AtkValueIface *iface);
void kinetic_selection_init(AtkSelectionIface *iface);
/// The frame's corner on the screen (for window-relative coordinates), from any of its objects.
void kinetic_accessible_window_origin(KineticAccessible *self, double *x, double *y);

#endif
