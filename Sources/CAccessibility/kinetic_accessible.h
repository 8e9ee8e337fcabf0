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
} KineticAccessible;

typedef struct { AtkObjectClass parent_class; } KineticAccessibleClass;
typedef struct { KineticAccessible parent; } KineticTextAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticTextAccessibleClass;
/// The window's frame: the same object, plus the AtkWindow interface, whose signals ("activate", "deactivate",
/// "create") are how the AT-SPI bridge learns of window events (it hooks `Atk:AtkWindow:activate` and the rest).
typedef struct { KineticAccessible parent; } KineticFrameAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticFrameAccessibleClass;

GType kinetic_accessible_get_type(void);
GType kinetic_text_accessible_get_type(void);
GType kinetic_frame_accessible_get_type(void);
#define KINETIC_TYPE_ACCESSIBLE (kinetic_accessible_get_type())
#define KINETIC_TYPE_TEXT_ACCESSIBLE (kinetic_text_accessible_get_type())
#define KINETIC_TYPE_FRAME_ACCESSIBLE (kinetic_frame_accessible_get_type())
#define KINETIC_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_CAST((o), KINETIC_TYPE_ACCESSIBLE, KineticAccessible))
#define KINETIC_IS_ACCESSIBLE(o) (G_TYPE_CHECK_INSTANCE_TYPE((o), KINETIC_TYPE_ACCESSIBLE))

void kinetic_accessible_set_request_callback(KA11yRequestCallback callback);
/// Asks the app for `kind` on `self` through the request callback (on the bridge's thread).
void kinetic_accessible_request(KineticAccessible *self, int32_t kind, int32_t index, const char *text);
void kinetic_component_init(AtkComponentIface *iface);
void kinetic_action_init(AtkActionIface *iface);
void kinetic_text_init(AtkTextIface *iface);
void kinetic_editable_text_init(AtkEditableTextIface *iface);

#endif
