// The accessible objects Kinetic publishes: a GObject subclass of AtkObject holding a copy of one node of the
// published tree, with AtkComponent (extents), AtkAction (the node's named actions) and, for the text type,
// AtkText and AtkEditableText. Every call here runs on the bridge's thread (see kinetic_bridge.c), which owns them.
#include "kinetic_accessible.h"
#include <string.h>

G_DEFINE_TYPE_WITH_CODE(KineticAccessible, kinetic_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, kinetic_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, kinetic_action_init))

G_DEFINE_TYPE_WITH_CODE(KineticTextAccessible, kinetic_text_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, kinetic_text_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, kinetic_editable_text_init))

static void kinetic_window_init(AtkWindowIface *iface) { (void)iface; }  // signals only: nothing to fill in

G_DEFINE_TYPE_WITH_CODE(KineticFrameAccessible, kinetic_frame_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, kinetic_window_init))

static KA11yRequestCallback request_callback;

void kinetic_accessible_set_request_callback(KA11yRequestCallback callback) { request_callback = callback; }

void kinetic_accessible_request(KineticAccessible *self, int32_t kind, int32_t index, const char *text) {
    if (request_callback) request_callback(self->id, kind, index, text);
}

// MARK: AtkObject

static gint get_n_children(AtkObject *object) { return (gint)KINETIC_ACCESSIBLE(object)->children->len; }

static AtkObject *ref_child(AtkObject *object, gint index) {
    GPtrArray *children = KINETIC_ACCESSIBLE(object)->children;
    if (index < 0 || (guint)index >= children->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(children, index)));
}

static gint get_index_in_parent(AtkObject *object) {
    AtkObject *parent = object->accessible_parent;
    if (!parent || !KINETIC_IS_ACCESSIBLE(parent)) return 0;  // the root's index in the application
    guint index;
    return g_ptr_array_find(KINETIC_ACCESSIBLE(parent)->children, object, &index) ? (gint)index : -1;
}

static AtkStateSet *ref_state_set(AtkObject *object) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(object);
    AtkStateSet *set = atk_state_set_new();
    if (self->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    // A notification shows only while it has something to say (see KA11yNode.announcement).
    if (atk_object_get_role(object) != ATK_ROLE_NOTIFICATION || (self->announcement != 0 && !self->quiet))
        atk_state_set_add_state(set, ATK_STATE_SHOWING);
    if (self->active) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    if (!(self->states & KA11Y_STATE_DISABLED)) {
        atk_state_set_add_state(set, ATK_STATE_ENABLED);
        atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    }
    const struct { uint32_t bit; AtkStateType state; } map[] = {
        {KA11Y_STATE_FOCUSABLE, ATK_STATE_FOCUSABLE}, {KA11Y_STATE_FOCUSED, ATK_STATE_FOCUSED},
        {KA11Y_STATE_SELECTED, ATK_STATE_SELECTED}, {KA11Y_STATE_CHECKED, ATK_STATE_CHECKED},
        {KA11Y_STATE_EXPANDED, ATK_STATE_EXPANDED}, {KA11Y_STATE_EDITABLE, ATK_STATE_EDITABLE},
        {KA11Y_STATE_MULTI_LINE, ATK_STATE_MULTI_LINE}, {KA11Y_STATE_SELECTABLE, ATK_STATE_SELECTABLE},
        {KA11Y_STATE_EXPANDABLE, ATK_STATE_EXPANDABLE},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (self->states & map[i].bit) atk_state_set_add_state(set, map[i].state);
    }
    if ((self->states & KA11Y_STATE_EDITABLE) && !(self->states & KA11Y_STATE_MULTI_LINE)) atk_state_set_add_state(set, ATK_STATE_SINGLE_LINE);
    return set;
}

static AtkAttributeSet *get_attributes(AtkObject *object) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(object);
    if (!self->live) return NULL;
    AtkAttribute *live = g_new0(AtkAttribute, 1);
    live->name = g_strdup("container-live");
    live->value = g_strdup(self->live);
    AtkAttribute *atomic = g_new0(AtkAttribute, 1);
    atomic->name = g_strdup("container-atomic");
    atomic->value = g_strdup("true");
    return g_slist_append(g_slist_append(NULL, live), atomic);
}

static void finalize(GObject *object) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(object);
    if (self->quiet_source) g_source_remove(self->quiet_source);
    g_ptr_array_unref(self->children);
    g_strfreev(self->action_names);
    g_free(self->text);
    g_free(self->live);
    G_OBJECT_CLASS(kinetic_accessible_parent_class)->finalize(object);
}

static void kinetic_accessible_class_init(KineticAccessibleClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = get_n_children;
    atk->ref_child = ref_child;
    atk->get_index_in_parent = get_index_in_parent;
    atk->ref_state_set = ref_state_set;
    atk->get_attributes = get_attributes;
    G_OBJECT_CLASS(klass)->finalize = finalize;
}

static void kinetic_accessible_init(KineticAccessible *self) {
    self->children = g_ptr_array_new_with_free_func(g_object_unref);
    self->id = -1;
}

// MARK: AtkComponent

/// Extents are kept in screen coordinates; window coordinates are from the frame's corner, parent coordinates from
/// the parent's (ATK_XY_PARENT; the frame's parent is the application, which has no place).
static void get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(component);
    double left = 0, top = 0;
    AtkObject *parent = ATK_OBJECT(self)->accessible_parent;
    if (coords == ATK_XY_WINDOW) {
        KineticAccessible *frame = self;
        while (frame->parent.accessible_parent && KINETIC_IS_ACCESSIBLE(frame->parent.accessible_parent))
            frame = KINETIC_ACCESSIBLE(frame->parent.accessible_parent);
        left = frame->x, top = frame->y;
    } else if (coords == ATK_XY_PARENT && parent && KINETIC_IS_ACCESSIBLE(parent)) {
        left = KINETIC_ACCESSIBLE(parent)->x, top = KINETIC_ACCESSIBLE(parent)->y;
    }
    if (x) *x = (gint)(self->x - left);
    if (y) *y = (gint)(self->y - top);
    if (width) *width = (gint)self->width;
    if (height) *height = (gint)self->height;
}

static gboolean grab_focus(AtkComponent *component) {
    kinetic_accessible_request(KINETIC_ACCESSIBLE(component), KA11Y_REQUEST_GRAB_FOCUS, 0, NULL);
    return TRUE;
}

void kinetic_component_init(AtkComponentIface *iface) {
    iface->get_extents = get_extents;
    iface->grab_focus = grab_focus;
}

// MARK: AtkAction

static gint get_n_actions(AtkAction *action) {
    gchar **names = KINETIC_ACCESSIBLE(action)->action_names;
    return names ? (gint)g_strv_length(names) : 0;
}

static const gchar *get_action_name(AtkAction *action, gint index) {
    gchar **names = KINETIC_ACCESSIBLE(action)->action_names;
    if (!names || index < 0 || index >= (gint)g_strv_length(names)) return NULL;
    return names[index];
}

static gboolean do_action(AtkAction *action, gint index) {
    if (index < 0 || index >= get_n_actions(action)) return FALSE;
    kinetic_accessible_request(KINETIC_ACCESSIBLE(action), KA11Y_REQUEST_ACTION, index, NULL);
    return TRUE;
}

void kinetic_action_init(AtkActionIface *iface) {
    iface->get_n_actions = get_n_actions;
    iface->get_name = get_action_name;
    iface->get_localized_name = get_action_name;
    iface->do_action = do_action;
}

// MARK: The text type

static void kinetic_text_accessible_class_init(KineticTextAccessibleClass *klass) { (void)klass; }
static void kinetic_text_accessible_init(KineticTextAccessible *self) { (void)self; }

// MARK: The frame type

static void kinetic_frame_accessible_class_init(KineticFrameAccessibleClass *klass) { (void)klass; }
static void kinetic_frame_accessible_init(KineticFrameAccessible *self) { (void)self; }
