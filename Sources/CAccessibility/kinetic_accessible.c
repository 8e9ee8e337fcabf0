// The accessible objects Kinetic publishes: a GObject subclass of AtkObject holding a copy of one node of the
// published tree, with AtkComponent (extents), AtkAction (the node's named actions) and, for the text type,
// AtkText and AtkEditableText. Every call here runs on the bridge's thread (see kinetic_bridge.c), which owns them.
#include "kinetic_accessible.h"
#include <string.h>

G_DEFINE_TYPE_WITH_CODE(KineticAccessible, kinetic_accessible, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, kinetic_component_init)
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, kinetic_action_init))

G_DEFINE_TYPE_WITH_CODE(KineticTextAccessible, kinetic_text_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, kinetic_text_init))

G_DEFINE_TYPE_WITH_CODE(KineticEditableTextAccessible, kinetic_editable_text_accessible, KINETIC_TYPE_TEXT_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, kinetic_editable_text_init))

static void kinetic_window_init(AtkWindowIface *iface) { (void)iface; }  // signals only: nothing to fill in

G_DEFINE_TYPE_WITH_CODE(KineticFrameAccessible, kinetic_frame_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, kinetic_window_init))

G_DEFINE_TYPE_WITH_CODE(KineticValueAccessible, kinetic_value_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, kinetic_value_init))

G_DEFINE_TYPE_WITH_CODE(KineticListAccessible, kinetic_list_accessible, KINETIC_TYPE_ACCESSIBLE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_SELECTION, kinetic_selection_init))

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
    // A notification shows only while it has something to say (see KA11yNode.announcement); a row scrolled away
    // does not show either.
    gboolean showing = atk_object_get_role(object) == ATK_ROLE_NOTIFICATION ? self->announcement != 0 && !self->quiet
                                                                            : !self->not_showing;
    if (showing) atk_state_set_add_state(set, ATK_STATE_SHOWING);
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

static AtkAttributeSet *add_attribute(AtkAttributeSet *set, const gchar *name, const gchar *value) {
    AtkAttribute *attribute = g_new0(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup(value);
    return g_slist_append(set, attribute);
}

/// A live region's politeness, and a value's words ("valuetext", which Orca speaks instead of the number).
static AtkAttributeSet *get_attributes(AtkObject *object) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(object);
    AtkAttributeSet *set = NULL;
    if (self->live) {
        set = add_attribute(set, "container-live", self->live);
        set = add_attribute(set, "container-atomic", "true");
    }
    if (self->value_text) set = add_attribute(set, "valuetext", self->value_text);
    return set;
}

static void finalize(GObject *object) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(object);
    if (self->quiet_source) g_source_remove(self->quiet_source);
    g_ptr_array_unref(self->children);
    g_strfreev(self->action_names);
    g_free(self->text);
    g_free(self->live);
    g_free(self->value_text);
    g_free(self->line_starts);
    g_free(self->line_boxes);
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
void kinetic_accessible_window_origin(KineticAccessible *self, double *x, double *y) {
    KineticAccessible *frame = self;
    while (frame->parent.accessible_parent && KINETIC_IS_ACCESSIBLE(frame->parent.accessible_parent))
        frame = KINETIC_ACCESSIBLE(frame->parent.accessible_parent);
    *x = frame->x, *y = frame->y;
}

static void get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(component);
    double left = 0, top = 0;
    AtkObject *parent = ATK_OBJECT(self)->accessible_parent;
    if (coords == ATK_XY_WINDOW) {
        kinetic_accessible_window_origin(self, &left, &top);
    } else if (coords == ATK_XY_PARENT && parent && KINETIC_IS_ACCESSIBLE(parent)) {
        left = KINETIC_ACCESSIBLE(parent)->x, top = KINETIC_ACCESSIBLE(parent)->y;
    }
    if (x) *x = (gint)(self->x - left);
    if (y) *y = (gint)(self->y - top);
    if (width) *width = (gint)self->width;
    if (height) *height = (gint)self->height;
}

/// Whether `self` is drawn where it can be seen and the screen point (x, y) falls inside its extents.
static gboolean shows_at(KineticAccessible *self, double x, double y) {
    return !self->defunct && !self->not_showing && x >= self->x && x < self->x + self->width && y >= self->y && y < self->y + self->height;
}

/// Whether some object at or under `self` is at (x, y): `self` itself when it has nothing inside, else one of its
/// children. A list's own box (the hull of its items) does not count: the gap between a wheel's bubbles is Scotch's.
static gboolean hit(KineticAccessible *self, double x, double y) {
    if (!shows_at(self, x, y)) return FALSE;
    for (guint i = self->children->len; i > 0; i--) {
        if (hit(g_ptr_array_index(self->children, i - 1), x, y)) return TRUE;
    }
    return self->children->len == 0 || atk_object_get_role(ATK_OBJECT(self)) != ATK_ROLE_LIST;
}

/// The child under the point, the topmost first (children are kept in drawing order), as GTK answers a screen
/// reader's mouse review.
static AtkObject *ref_accessible_at_point(AtkComponent *component, gint x, gint y, AtkCoordType coords) {
    KineticAccessible *self = KINETIC_ACCESSIBLE(component);
    double left = 0, top = 0;
    AtkObject *parent = ATK_OBJECT(self)->accessible_parent;
    if (coords == ATK_XY_WINDOW) {
        kinetic_accessible_window_origin(self, &left, &top);
    } else if (coords == ATK_XY_PARENT && parent && KINETIC_IS_ACCESSIBLE(parent)) {
        left = KINETIC_ACCESSIBLE(parent)->x, top = KINETIC_ACCESSIBLE(parent)->y;
    }
    double px = x + left, py = y + top;
    for (guint i = self->children->len; i > 0; i--) {
        KineticAccessible *child = g_ptr_array_index(self->children, i - 1);
        if (hit(child, px, py)) return g_object_ref(ATK_OBJECT(child));
    }
    return NULL;
}

static gboolean grab_focus(AtkComponent *component) {
    kinetic_accessible_request(KINETIC_ACCESSIBLE(component), KA11Y_REQUEST_GRAB_FOCUS, 0, NULL);
    return TRUE;
}

void kinetic_component_init(AtkComponentIface *iface) {
    iface->get_extents = get_extents;
    iface->ref_accessible_at_point = ref_accessible_at_point;
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
static void kinetic_editable_text_accessible_class_init(KineticEditableTextAccessibleClass *klass) { (void)klass; }
static void kinetic_editable_text_accessible_init(KineticEditableTextAccessible *self) { (void)self; }

// MARK: The frame type

static void kinetic_frame_accessible_class_init(KineticFrameAccessibleClass *klass) { (void)klass; }
static void kinetic_frame_accessible_init(KineticFrameAccessible *self) { (void)self; }

// MARK: The value type

static void kinetic_value_accessible_class_init(KineticValueAccessibleClass *klass) { (void)klass; }
static void kinetic_value_accessible_init(KineticValueAccessible *self) { (void)self; }

static KineticAccessible *valued(gpointer object) { return KINETIC_ACCESSIBLE(object); }

static void get_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    KineticAccessible *self = valued(value);
    if (current) *current = self->value_current;
    if (text) *text = g_strdup(self->value_text ? self->value_text : "");
}

static AtkRange *get_range(AtkValue *value) {
    KineticAccessible *self = valued(value);
    return atk_range_new(self->value_minimum, self->value_maximum, NULL);
}

static gdouble get_increment(AtkValue *value) { (void)value; return 1; }

static void set_value(AtkValue *value, gdouble new_value) {
    gchar number[G_ASCII_DTOSTR_BUF_SIZE];
    kinetic_accessible_request(valued(value), KA11Y_REQUEST_SET_VALUE, 0, g_ascii_dtostr(number, sizeof number, new_value));
}

// ATK's first Value calls, deprecated but still what some clients (and the bridge, for a client's old calls) use.
static void put(GValue *out, double number) {
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, number);
}
static void get_current_value(AtkValue *value, GValue *out) { put(out, valued(value)->value_current); }
static void get_minimum_value(AtkValue *value, GValue *out) { put(out, valued(value)->value_minimum); }
static void get_maximum_value(AtkValue *value, GValue *out) { put(out, valued(value)->value_maximum); }
static void get_minimum_increment(AtkValue *value, GValue *out) { put(out, get_increment(value)); }
static gboolean set_current_value(AtkValue *value, const GValue *in) {
    if (!G_VALUE_HOLDS_DOUBLE(in) && !G_VALUE_HOLDS_INT(in)) return FALSE;
    set_value(value, G_VALUE_HOLDS_DOUBLE(in) ? g_value_get_double(in) : g_value_get_int(in));
    return TRUE;
}

void kinetic_value_init(AtkValueIface *iface) {
    iface->get_value_and_text = get_value_and_text;
    iface->get_range = get_range;
    iface->get_increment = get_increment;
    iface->set_value = set_value;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    iface->get_current_value = get_current_value;
    iface->get_minimum_value = get_minimum_value;
    iface->get_maximum_value = get_maximum_value;
    iface->get_minimum_increment = get_minimum_increment;
    iface->set_current_value = set_current_value;
#pragma GCC diagnostic pop
}

// MARK: The list type

static void kinetic_list_accessible_class_init(KineticListAccessibleClass *klass) { (void)klass; }
static void kinetic_list_accessible_init(KineticListAccessible *self) { (void)self; }

/// The list's `index`-th selected item, or NULL.
static KineticAccessible *selected_item(AtkSelection *selection, gint index) {
    GPtrArray *children = KINETIC_ACCESSIBLE(selection)->children;
    for (guint i = 0; i < children->len; i++) {
        KineticAccessible *child = g_ptr_array_index(children, i);
        if ((child->states & KA11Y_STATE_SELECTED) && index-- == 0) return child;
    }
    return NULL;
}

static gint get_selection_count(AtkSelection *selection) {
    gint count = 0;
    while (selected_item(selection, count)) count++;
    return count;
}

static AtkObject *ref_selection(AtkSelection *selection, gint index) {
    KineticAccessible *item = index >= 0 ? selected_item(selection, index) : NULL;
    return item ? g_object_ref(ATK_OBJECT(item)) : NULL;
}

static gboolean is_child_selected(AtkSelection *selection, gint index) {
    GPtrArray *children = KINETIC_ACCESSIBLE(selection)->children;
    if (index < 0 || (guint)index >= children->len) return FALSE;
    return (((KineticAccessible *)g_ptr_array_index(children, index))->states & KA11Y_STATE_SELECTED) != 0;
}

/// Selecting an item moves the keyboard focus to it: in Kinetic's lists the selection follows the focus.
static gboolean add_selection(AtkSelection *selection, gint index) {
    GPtrArray *children = KINETIC_ACCESSIBLE(selection)->children;
    if (index < 0 || (guint)index >= children->len) return FALSE;
    kinetic_accessible_request(g_ptr_array_index(children, index), KA11Y_REQUEST_GRAB_FOCUS, 0, NULL);
    return TRUE;
}

void kinetic_selection_init(AtkSelectionIface *iface) {
    iface->get_selection_count = get_selection_count;
    iface->ref_selection = ref_selection;
    iface->is_child_selected = is_child_selected;
    iface->add_selection = add_selection;
}
