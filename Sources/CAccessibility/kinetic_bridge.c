// The bridge's thread: GLib's main loop, on which ATK's AT-SPI bridge answers the accessibility bus, and the trees
// the window publishes, applied there. The window never waits on it: publishing copies the tree and hands it over
// with g_main_context_invoke; the loop sleeps in poll() until the bus or a new tree wakes it, so a resting window
// costs nothing here either. The one wait: a key is offered to the screen reader's listeners here before the window acts
// on it (`ka11y_key_event`), for a bounded time.
#include "kinetic_accessible.h"
#include <atk-bridge.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

static GMainLoop *loop;
static pthread_t thread;
static AtkObject *application;     // the root: role application, the app's name; its one child is the frame
static GHashTable *objects;        // id → KineticAccessible* (a reference each)
static gchar *application_name;
static int32_t focused = -1;
static int started;
static gboolean window_active;     // the SDL window has the keyboard focus (see ka11y_set_window_active)
static KineticAccessible *shown_announcer;  // the announcer with a new announcement, shown at the end of this apply()

/// How long an announcement's notification stays showing: long enough for a screen reader to read it on the event,
/// short enough that it is not found later by flat review with words that no longer hold.
#define ANNOUNCEMENT_SECONDS 8

// MARK: The application root, through AtkUtil

static AtkObject *get_root(void) { return application; }
static const gchar *get_toolkit_name(void) { return "Kinetic"; }
static const gchar *get_toolkit_version(void) { return "1"; }

static gint root_children(AtkObject *object) {
    (void)object;
    return g_hash_table_lookup(objects, GINT_TO_POINTER(0)) ? 1 : 0;
}

static AtkObject *root_child(AtkObject *object, gint index) {
    (void)object;
    AtkObject *frame = index == 0 ? g_hash_table_lookup(objects, GINT_TO_POINTER(0)) : NULL;
    return frame ? g_object_ref(frame) : NULL;
}

// MARK: Applying a tree

typedef struct {
    KA11yNode *nodes;
    int32_t count;
    int32_t focused_id;
} Tree;

static gchar **copy_strings(const char *const *strings, int32_t count) {
    gchar **copy = g_new0(gchar *, count + 1);
    for (int32_t i = 0; i < count; i++) copy[i] = g_strdup(strings[i] ? strings[i] : "");
    return copy;
}

static void free_tree(Tree *tree) {
    for (int32_t i = 0; i < tree->count; i++) {
        KA11yNode *node = &tree->nodes[i];
        g_free((gchar *)node->role);
        g_free((gchar *)node->name);
        g_free((gchar *)node->description);
        g_free((gchar *)node->text);
        g_free((gchar *)node->live);
        g_free((gchar *)node->value_text);
        g_free((gint *)node->line_starts);
        g_free((double *)node->line_boxes);
        g_strfreev((gchar **)node->action_names);
    }
    g_free(tree->nodes);
    g_free(tree);
}

static gboolean same_strings(gchar **a, gchar **b) {
    if (!a || !b) return a == b;
    return g_strv_equal((const gchar *const *)a, (const gchar *const *)b);
}

/// An announcement has been shown long enough: the notification hides, keeping its words out of reach.
static gboolean quieten(gpointer data) {
    KineticAccessible *self = data;
    self->quiet_source = 0;
    self->quiet = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(self), ATK_STATE_SHOWING, FALSE);
    return G_SOURCE_REMOVE;
}

/// The frame's ACTIVE state follows the window's focus, with the AtkWindow signal and the state change Orca takes as
/// the window's activation; in between, the focused object says it has the focus again (it said it lost it when the
/// window did), so a screen reader coming back to the window speaks where the focus is, as GTK 3 has it.
static void make_active(KineticAccessible *frame, gboolean active) {
    if (frame->active == active) return;
    frame->active = active;
    KineticAccessible *focus = g_hash_table_lookup(objects, GINT_TO_POINTER(focused));
    if (focus && !active) atk_object_notify_state_change(ATK_OBJECT(focus), ATK_STATE_FOCUSED, FALSE);
    g_signal_emit_by_name(frame, active ? "activate" : "deactivate");
    if (focus && active) atk_object_notify_state_change(ATK_OBJECT(focus), ATK_STATE_FOCUSED, TRUE);
    atk_object_notify_state_change(ATK_OBJECT(frame), ATK_STATE_ACTIVE, active);
}

/// Brings one object in line with its node, telling the bus what changed.
/// Takes `text` as `self`'s text. With `tell`, says only what changed, with its text (ATK's text-remove, said while
/// the old text is still there, and text-insert): typing "h" is one insertion of "h" where it went, which is what a
/// screen reader echoes; the unchanged start and end are left out.
static void replace_text(KineticAccessible *self, const gchar *text, gboolean tell) {
    gchar *removed = NULL, *inserted = NULL;
    gint start = 0, removed_length = 0, inserted_length = 0;
    if (tell) {
        const gchar *before = self->text ? self->text : "";
        const gchar *a = before, *b = text;
        while (*a && *b && g_utf8_get_char(a) == g_utf8_get_char(b)) a = g_utf8_next_char(a), b = g_utf8_next_char(b), start++;
        const gchar *a_end = before + strlen(before), *b_end = text + strlen(text);
        while (a_end > a && b_end > b) {
            const gchar *pa = g_utf8_prev_char(a_end), *pb = g_utf8_prev_char(b_end);
            if (g_utf8_get_char(pa) != g_utf8_get_char(pb)) break;
            a_end = pa, b_end = pb;
        }
        removed = g_strndup(a, (gsize)(a_end - a)), inserted = g_strndup(b, (gsize)(b_end - b));
        removed_length = (gint)g_utf8_strlen(removed, -1), inserted_length = (gint)g_utf8_strlen(inserted, -1);
    }
    if (removed_length > 0) g_signal_emit_by_name(self, "text-remove", start, removed_length, removed);
    g_free(self->text);
    self->text = g_strdup(text);
    if (inserted_length > 0) g_signal_emit_by_name(self, "text-insert", start, inserted_length, inserted);
    g_free(removed);
    g_free(inserted);
}

static void update(KineticAccessible *self, const KA11yNode *node) {
    AtkObject *object = ATK_OBJECT(self);
    AtkRole role = atk_role_for_name(node->role);
    if (role == ATK_ROLE_INVALID) role = ATK_ROLE_PANEL;
    if (atk_object_get_role(object) != role) atk_object_set_role(object, role);
    // A new announcement: the notification hides (if it showed), takes the words, and shows again below, so each
    // announcement is a new "showing" a screen reader speaks, the same words twice included.
    gboolean announcing = role == ATK_ROLE_NOTIFICATION && node->announcement != self->announcement;
    if (announcing && self->announcement != 0 && !self->quiet) {
        self->quiet = TRUE;
        atk_object_notify_state_change(object, ATK_STATE_SHOWING, FALSE);
    }
    if (g_strcmp0(object->name, node->name) != 0) atk_object_set_name(object, node->name ? node->name : "");
    if (g_strcmp0(object->description, node->description) != 0) atk_object_set_description(object, node->description ? node->description : "");
    uint32_t changed = self->states ^ node->states;
    self->states = node->states;
    const struct { uint32_t bit; AtkStateType state; } map[] = {
        {KA11Y_STATE_SELECTED, ATK_STATE_SELECTED}, {KA11Y_STATE_CHECKED, ATK_STATE_CHECKED},
        {KA11Y_STATE_EXPANDED, ATK_STATE_EXPANDED}, {KA11Y_STATE_DISABLED, ATK_STATE_ENABLED},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        if (changed & map[i].bit) {
            gboolean on = (node->states & map[i].bit) != 0;
            atk_object_notify_state_change(object, map[i].state, map[i].bit == KA11Y_STATE_DISABLED ? !on : on);
        }
    }
    gboolean moved = self->x != node->x || self->y != node->y || self->width != node->width || self->height != node->height;
    self->x = node->x, self->y = node->y, self->width = node->width, self->height = node->height;
    if (moved) {
        AtkRectangle bounds = {(gint)node->x, (gint)node->y, (gint)node->width, (gint)node->height};
        g_signal_emit_by_name(object, "bounds-changed", &bounds);
    }
    gchar **names = copy_strings(node->action_names, node->action_count);
    if (!same_strings(self->action_names, names)) {
        g_strfreev(self->action_names);
        self->action_names = names;
    } else {
        g_strfreev(names);
    }
    if (g_strcmp0(self->live, node->live) != 0) {
        g_free(self->live);
        self->live = g_strdup(node->live);
    }
    if (node->is_text) {
        const gchar *text = node->text ? node->text : "";
        // Text-change and caret events only for what a person edits: a screen reader echoes them as typing, and a
        // caret event on read-only text (a message's body filled in as it opens) makes Orca take that text as the
        // focus silently, so the focus event that follows says nothing.
        gboolean editable = (node->states & KA11Y_STATE_EDITABLE) != 0;
        if (g_strcmp0(self->text, text) != 0) replace_text(self, text, editable);
        if (self->caret != node->caret) {
            self->caret = node->caret;
            if (editable) g_signal_emit_by_name(object, "text-caret-moved", node->caret);
        }
        self->selection_start = node->selection_start;
        self->selection_end = node->selection_end;
    }
    gboolean not_showing = node->not_showing != 0;
    if (self->not_showing != not_showing) {
        self->not_showing = not_showing;
        atk_object_notify_state_change(object, ATK_STATE_SHOWING, !not_showing);
    }
    if (node->has_value) {
        gboolean changed_value = self->value_current != node->value_current || g_strcmp0(self->value_text, node->value_text) != 0;
        self->value_current = node->value_current;
        self->value_minimum = node->value_minimum;
        self->value_maximum = node->value_maximum;
        if (g_strcmp0(self->value_text, node->value_text) != 0) {
            g_free(self->value_text);
            self->value_text = g_strdup(node->value_text);
        }
        // As GTK's ranges and spin buttons say it: the property change a screen reader speaks the new value on.
        if (changed_value) g_object_notify(G_OBJECT(object), "accessible-value");
    }
    // The laid-out lines, read by line and by flat review (kinetic_text.c).
    g_free(self->line_starts);
    g_free(self->line_boxes);
    self->line_count = node->line_count > 0 && node->line_starts && node->line_boxes ? node->line_count : 0;
    self->line_starts = self->line_count ? g_memdup2(node->line_starts, sizeof(gint) * (gsize)self->line_count) : NULL;
    self->line_boxes = self->line_count ? g_memdup2(node->line_boxes, sizeof(double) * 4 * (gsize)self->line_count) : NULL;
    if (announcing) {
        self->announcement = node->announcement;
        if (self->quiet_source) g_source_remove(self->quiet_source);
        self->quiet_source = 0;
        if (node->announcement != 0) {
            self->quiet = FALSE;
            shown_announcer = self;  // shown once the tree, its focus included, is in place: see apply()
            self->quiet_source = g_timeout_add_seconds(ANNOUNCEMENT_SECONDS, quieten, self);
        }
    }
}

/// Whether two children lists hold the same objects in the same order.
static gboolean same_children(GPtrArray *a, GPtrArray *b) {
    if (a->len != b->len) return FALSE;
    for (guint k = 0; k < a->len; k++) {
        if (g_ptr_array_index(a, k) != g_ptr_array_index(b, k)) return FALSE;
    }
    return TRUE;
}

/// Signals each object `from` holds that `to` does not, at its index in `from`, with `signal`: "children-changed::remove"
/// when `from` is the old list (said while it is still the parent's), "children-changed::add" when it is the new one.
static void tell_difference(KineticAccessible *self, GPtrArray *from, GPtrArray *to, const char *signal) {
    GHashTable *kept = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint k = 0; k < to->len; k++) g_hash_table_add(kept, g_ptr_array_index(to, k));
    for (guint k = 0; k < from->len; k++) {
        gpointer child = g_ptr_array_index(from, k);
        if (!g_hash_table_contains(kept, child)) g_signal_emit_by_name(self, signal, k, child);
    }
    g_hash_table_unref(kept);
}

static gboolean apply(gpointer data) {
    Tree *tree = data;
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    KineticAccessible **made = g_new0(KineticAccessible *, tree->count ? tree->count : 1);
    for (int32_t i = 0; i < tree->count; i++) {
        const KA11yNode *node = &tree->nodes[i];
        KineticAccessible *self = g_hash_table_lookup(objects, GINT_TO_POINTER(node->id));
        GType type = node->parent < 0 ? KINETIC_TYPE_FRAME_ACCESSIBLE
                     : node->is_text ? (node->states & KA11Y_STATE_EDITABLE ? KINETIC_TYPE_EDITABLE_TEXT_ACCESSIBLE : KINETIC_TYPE_TEXT_ACCESSIBLE)
                     : node->has_value ? KINETIC_TYPE_VALUE_ACCESSIBLE
                     : g_strcmp0(node->role, "list") == 0 ? KINETIC_TYPE_LIST_ACCESSIBLE : KINETIC_TYPE_ACCESSIBLE;
        if (self && G_OBJECT_TYPE(self) != type) self = NULL;  // a node that became text, a value or a list: a new object
        if (!self) {
            self = g_object_new(type, NULL);
            self->id = node->id;
            atk_object_initialize(ATK_OBJECT(self), NULL);
            g_hash_table_replace(objects, GINT_TO_POINTER(node->id), self);  // replaces (and unrefs) any old one
        }
        made[i] = self;
        g_hash_table_add(seen, GINT_TO_POINTER(node->id));
        update(self, node);
    }
    // Children, in the tree's order, gathered in one pass (a child comes after its parent); a parent whose list changed
    // says which were added and removed. The cost follows the tree, not its square: a 10,000-row list whose rows stay
    // is one comparison per row, and a changed list is looked up in sets.
    GPtrArray **wanted = g_new0(GPtrArray *, tree->count ? tree->count : 1);
    // What each changed parent lost, said only once the focus has moved (see below): parent, old list, new list.
    GPtrArray *losses = g_ptr_array_new();
    for (int32_t i = 0; i < tree->count; i++) wanted[i] = g_ptr_array_new_with_free_func(g_object_unref);
    for (int32_t j = 0; j < tree->count; j++) {
        int32_t parent = tree->nodes[j].parent;
        if (parent >= 0 && parent < j) g_ptr_array_add(wanted[parent], g_object_ref(made[j]));
    }
    for (int32_t i = 0; i < tree->count; i++) {
        KineticAccessible *self = made[i];
        GPtrArray *previous = self->children;
        gboolean changed = !same_children(previous, wanted[i]);
        if (changed) {
            g_ptr_array_add(losses, g_object_ref(self));
            g_ptr_array_add(losses, g_ptr_array_ref(previous));
            g_ptr_array_add(losses, g_ptr_array_ref(wanted[i]));
        }
        self->children = wanted[i];
        for (guint k = 0; k < wanted[i]->len; k++) {
            gpointer child = g_ptr_array_index(wanted[i], k);
            if (ATK_OBJECT(child)->accessible_parent != ATK_OBJECT(self)) atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(self));
        }
        if (changed) tell_difference(self, wanted[i], previous, "children-changed::add");
        g_ptr_array_unref(previous);
    }
    g_free(wanted);
    if (tree->count > 0 && ATK_OBJECT(made[0])->accessible_parent != application) {
        // The frame, new: it says it was made, and is active at once if the window already has the focus.
        atk_object_set_parent(ATK_OBJECT(made[0]), application);
        g_signal_emit_by_name(made[0], "create");
        make_active(made[0], window_active);
    }
    // The focus, with the events Orca follows: the old one loses it, the new one gains it and the tracker is told. This
    // comes before what left the tree is said to have left it: the old focus, covered by the sheet or menu that took
    // the focus (the list under the options), is still alive when the new one is announced, so Orca speaks the new
    // one's context (the options' menu name). With the old one defunct first, Orca took it for a "zombie" and spoke
    // the option alone.
    if (tree->focused_id != focused) {
        KineticAccessible *old = g_hash_table_lookup(objects, GINT_TO_POINTER(focused));
        if (old) atk_object_notify_state_change(ATK_OBJECT(old), ATK_STATE_FOCUSED, FALSE);
        focused = tree->focused_id;
        KineticAccessible *now = g_hash_table_lookup(objects, GINT_TO_POINTER(focused));
        if (now) {
            atk_object_notify_state_change(ATK_OBJECT(now), ATK_STATE_FOCUSED, TRUE);
            // Deprecated in ATK, but the bridge still turns it into the focus: event some screen readers wait for.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            atk_focus_tracker_notify(ATK_OBJECT(now));
#pragma GCC diagnostic pop
        }
    }
    // Then what each parent lost, by its index in the old list, and the objects no longer in the tree are defunct; the
    // table lets go of them.
    for (guint k = 0; k + 2 < losses->len; k += 3) {
        KineticAccessible *parent = g_ptr_array_index(losses, k);
        GPtrArray *before = g_ptr_array_index(losses, k + 1), *after = g_ptr_array_index(losses, k + 2);
        tell_difference(parent, before, after, "children-changed::remove");
        g_object_unref(parent);
        g_ptr_array_unref(before);
        g_ptr_array_unref(after);
    }
    g_ptr_array_free(losses, TRUE);
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, objects);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        if (g_hash_table_contains(seen, key)) continue;
        KineticAccessible *gone = value;
        gone->defunct = TRUE;
        atk_object_notify_state_change(ATK_OBJECT(gone), ATK_STATE_DEFUNCT, TRUE);
        g_hash_table_iter_remove(&iter);
    }
    // A new announcement is shown last, after the focus moved: a screen reader says where the focus went, then what
    // was announced with it ("Lunch on Thursday?, From Ana Lima" then the message's first paragraph), and a focus
    // change never cuts an announcement short.
    if (shown_announcer) {
        if (!shown_announcer->defunct) atk_object_notify_state_change(ATK_OBJECT(shown_announcer), ATK_STATE_SHOWING, TRUE);
        shown_announcer = NULL;
    }
    g_free(made);
    g_hash_table_unref(seen);
    free_tree(tree);
    return G_SOURCE_REMOVE;
}

void ka11y_publish(const KA11yNode *nodes, int32_t count, int32_t focused_id) {
    if (!started || count < 0) return;
    Tree *tree = g_new0(Tree, 1);
    tree->nodes = g_new0(KA11yNode, count ? count : 1);
    tree->count = count;
    tree->focused_id = focused_id;
    for (int32_t i = 0; i < count; i++) {
        KA11yNode copy = nodes[i];
        copy.role = g_strdup(nodes[i].role ? nodes[i].role : "panel");
        copy.name = g_strdup(nodes[i].name ? nodes[i].name : "");
        copy.description = g_strdup(nodes[i].description ? nodes[i].description : "");
        copy.text = g_strdup(nodes[i].text);
        copy.live = g_strdup(nodes[i].live);
        copy.value_text = g_strdup(nodes[i].value_text);
        gsize lines = nodes[i].line_count > 0 && nodes[i].line_starts && nodes[i].line_boxes ? (gsize)nodes[i].line_count : 0;
        copy.line_count = (int32_t)lines;
        copy.line_starts = lines ? g_memdup2(nodes[i].line_starts, sizeof(int32_t) * lines) : NULL;
        copy.line_boxes = lines ? g_memdup2(nodes[i].line_boxes, sizeof(double) * 4 * lines) : NULL;
        copy.action_names = (const char *const *)copy_strings(nodes[i].action_names, nodes[i].action_count);
        tree->nodes[i] = copy;
    }
    g_main_context_invoke(NULL, apply, tree);
}

static gboolean apply_window_active(gpointer data) {
    window_active = GPOINTER_TO_INT(data) != 0;
    KineticAccessible *frame = g_hash_table_lookup(objects, GINT_TO_POINTER(0));
    if (frame && !frame->defunct) make_active(frame, window_active);
    return G_SOURCE_REMOVE;
}

void ka11y_set_window_active(int active) {
    if (!started) {
        window_active = active != 0;  // no bridge thread yet: the first frame takes it
        return;
    }
    g_main_context_invoke(NULL, apply_window_active, GINT_TO_POINTER(active != 0));
}

// MARK: Key listeners (the screen reader's keyboard)

/// The key listeners the bridge registered (`atk_add_key_event_listener`), by id; touched on the bridge's thread only.
typedef struct { AtkKeySnoopFunc listener; gpointer data; } KeyListener;
static GHashTable *key_listeners;  // id → KeyListener*
static guint next_key_listener = 1;

static guint add_key_event_listener(AtkKeySnoopFunc listener, gpointer data) {
    if (!key_listeners) key_listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    KeyListener *entry = g_new0(KeyListener, 1);
    entry->listener = listener;
    entry->data = data;
    guint id = next_key_listener++;
    g_hash_table_insert(key_listeners, GUINT_TO_POINTER(id), entry);
    return id;
}

static void remove_key_event_listener(guint id) {
    if (key_listeners) g_hash_table_remove(key_listeners, GUINT_TO_POINTER(id));
}

/// A key handed from the window's thread to the bridge's, and the answer handed back.
typedef struct {
    AtkKeyEventStruct event;
    pthread_mutex_t lock;
    pthread_cond_t answered;
    int done;
    int consumed;
    int abandoned;  // the window stopped waiting: the bridge frees the request
} KeyRequest;

static void free_key_request(KeyRequest *request) {
    g_free(request->event.string);
    pthread_mutex_destroy(&request->lock);
    pthread_cond_destroy(&request->answered);
    g_free(request);
}

static gboolean offer_key(gpointer data) {
    KeyRequest *request = data;
    int consumed = 0;
    if (key_listeners) {
        GHashTableIter iter;
        gpointer value;
        g_hash_table_iter_init(&iter, key_listeners);
        while (!consumed && g_hash_table_iter_next(&iter, NULL, &value)) {
            KeyListener *entry = value;
            if (entry->listener(&request->event, entry->data)) consumed = 1;
        }
    }
    pthread_mutex_lock(&request->lock);
    request->consumed = consumed;
    request->done = 1;
    int abandoned = request->abandoned;
    pthread_cond_signal(&request->answered);
    pthread_mutex_unlock(&request->lock);
    if (abandoned) free_key_request(request);
    return G_SOURCE_REMOVE;
}

int ka11y_key_event(const KA11yKeyEvent *event, int32_t timeout_ms) {
    if (!started || !event) return 0;
    KeyRequest *request = g_new0(KeyRequest, 1);
    request->event.type = event->is_release ? ATK_KEY_EVENT_RELEASE : ATK_KEY_EVENT_PRESS;
    request->event.state = event->state;
    request->event.keyval = event->keysym;
    request->event.string = g_strdup(event->string ? event->string : "");
    request->event.length = (gint)strlen(request->event.string);
    request->event.keycode = (guint16)event->keycode;
    request->event.timestamp = event->time;
    pthread_mutex_init(&request->lock, NULL);
    pthread_cond_init(&request->answered, NULL);
    g_main_context_invoke(NULL, offer_key, request);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) { until.tv_sec += 1; until.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&request->lock);
    while (!request->done) {
        if (pthread_cond_timedwait(&request->answered, &request->lock, &until) != 0) break;
    }
    int done = request->done, consumed = request->consumed;
    if (!done) request->abandoned = 1;  // the bridge frees it once it has answered
    pthread_mutex_unlock(&request->lock);
    if (done) free_key_request(request);
    return done ? consumed : 0;
}

// MARK: The thread

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    int result;
    int done;
} Start;

/// The root's children are the frame, found in the table (a plain AtkObject has none of its own).
static void give_root_its_children(void) {
    GType type = g_type_register_static_simple(ATK_TYPE_OBJECT, "KineticApplication", sizeof(AtkObjectClass), NULL,
                                               sizeof(AtkObject), NULL, 0);
    AtkObjectClass *klass = g_type_class_ref(type);
    klass->get_n_children = root_children;
    klass->ref_child = root_child;
    application = g_object_new(type, NULL);
}

static void *run(void *data) {
    Start *start = data;
    g_main_context_push_thread_default(NULL);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = get_root;
    util->get_toolkit_name = get_toolkit_name;
    util->get_toolkit_version = get_toolkit_version;
    util->add_key_event_listener = add_key_event_listener;
    util->remove_key_event_listener = remove_key_event_listener;
    objects = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_object_unref);
    give_root_its_children();
    atk_object_initialize(application, NULL);
    atk_object_set_role(application, ATK_ROLE_APPLICATION);
    atk_object_set_name(application, application_name);
    int result = atk_bridge_adaptor_init(NULL, NULL);
    pthread_mutex_lock(&start->lock);
    start->result = result;
    start->done = 1;
    pthread_cond_signal(&start->ready);
    pthread_mutex_unlock(&start->lock);
    if (result != 0) return NULL;
    g_main_loop_run(loop);
    atk_bridge_adaptor_cleanup();
    return NULL;
}

int ka11y_start(const char *app_name, KA11yRequestCallback callback) {
    if (started) return 0;
    application_name = g_strdup(app_name);
    kinetic_accessible_set_request_callback(callback);
    loop = g_main_loop_new(NULL, FALSE);
    Start start = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, -1, 0};
    if (pthread_create(&thread, NULL, run, &start) != 0) return -1;
    pthread_mutex_lock(&start.lock);
    while (!start.done) pthread_cond_wait(&start.ready, &start.lock);
    pthread_mutex_unlock(&start.lock);
    if (start.result != 0) {
        pthread_join(thread, NULL);
        return -1;
    }
    started = 1;
    return 0;
}

void ka11y_stop(void) {
    if (!started) return;
    g_main_loop_quit(loop);
    pthread_join(thread, NULL);
    started = 0;
}
