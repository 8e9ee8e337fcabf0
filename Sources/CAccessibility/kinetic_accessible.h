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
} KineticAccessible;

typedef struct { AtkObjectClass parent_class; } KineticAccessibleClass;
typedef struct { KineticAccessible parent; } KineticTextAccessible;
typedef struct { KineticAccessibleClass parent_class; } KineticTextAccessibleClass;

GType kinetic_accessible_get_type(void);
GType kinetic_text_accessible_get_type(void);
#define KINETIC_TYPE_ACCESSIBLE (kinetic_accessible_get_type())
#define KINETIC_TYPE_TEXT_ACCESSIBLE (kinetic_text_accessible_get_type())
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
