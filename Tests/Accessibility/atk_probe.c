// A toolkit of its own in one file: an X window whose whole accessibility is ATK objects made here (no GTK), exposed
// through ATK's AT-SPI bridge the way Kinetic's is. It is the smallest program that does what docs/orca-notes.md says
// a non-GTK toolkit must do for Orca 43 to speak, so orca_atk_probe.py can check those claims with the real Orca:
//   (a) the frame implements AtkWindow, has ACTIVE while the X window has the focus, and emits "activate";
//   (b) AtkUtil's add_key_event_listener is implemented and every key goes to the listeners first (X keycode, X state,
//       X time, keysym and string as GTK gives them); a key a listener consumes goes no further;
//   (c) an announcement is a notification in a status bar, named with the message and then shown.
// The window "ATK probe" holds two push buttons, "First" and "Second"; Tab moves the focus between them, Return
// announces "Pressed <name>.". The toolkit is named "Probe", so Orca uses its default script, as for Kinetic.
// PROBE_WITHOUT (a comma-separated list) leaves parts out, to see what each is for: "activate" (the AtkWindow signal),
// "active" (the ACTIVE state and its change), "keys" (the key listeners), "timestamp", "keycode" (sent as 0).
// Build: cc atk_probe.c $(pkg-config --cflags --libs atk-bridge-2.0 atk x11) -o atk_probe
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <atk-bridge.h>
#include <atk/atk.h>
#include <stdio.h>
#include <string.h>

static gboolean without(const char *part) {
    const char *list = g_getenv("PROBE_WITHOUT");
    if (!list) return FALSE;
    gchar **parts = g_strsplit(list, ",", -1);
    gboolean found = g_strv_contains((const gchar *const *)parts, part);
    g_strfreev(parts);
    return found;
}

// MARK: One accessible object type, with a fixed role, name, children and state bits.

typedef struct {
    AtkObject parent;
    GPtrArray *children;
    gboolean focusable, focused, active, showing;
    gint x, y, width, height;
} ProbeObject;
typedef struct { AtkObjectClass parent; } ProbeObjectClass;

static void probe_component_init(AtkComponentIface *iface);
static void probe_window_init(AtkWindowIface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(ProbeObject, probe_object, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, probe_component_init))

// The frame's type adds AtkWindow: the bridge's window events are emission hooks on that interface's signals.
typedef ProbeObject ProbeFrame;
typedef ProbeObjectClass ProbeFrameClass;
G_DEFINE_TYPE_WITH_CODE(ProbeFrame, probe_frame, probe_object_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, probe_window_init))
static void probe_frame_class_init(ProbeFrameClass *klass) { (void)klass; }
static void probe_frame_init(ProbeFrame *self) { (void)self; }

#define PROBE(object) ((ProbeObject *)(object))

static gint get_n_children(AtkObject *object) { return (gint)PROBE(object)->children->len; }

static AtkObject *ref_child(AtkObject *object, gint index) {
    GPtrArray *children = PROBE(object)->children;
    if (index < 0 || (guint)index >= children->len) return NULL;
    return g_object_ref(g_ptr_array_index(children, index));
}

static gint get_index_in_parent(AtkObject *object) {
    AtkObject *parent = object->accessible_parent;
    guint index;
    if (!parent) return -1;
    return g_ptr_array_find(PROBE(parent)->children, object, &index) ? (gint)index : -1;
}

static AtkStateSet *ref_state_set(AtkObject *object) {
    ProbeObject *self = PROBE(object);
    AtkStateSet *set = atk_state_set_new();
    atk_state_set_add_state(set, ATK_STATE_ENABLED);
    atk_state_set_add_state(set, ATK_STATE_SENSITIVE);
    atk_state_set_add_state(set, ATK_STATE_VISIBLE);
    if (self->showing) atk_state_set_add_state(set, ATK_STATE_SHOWING);
    if (self->focusable) atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
    if (self->focused) atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    if (self->active && !without("active")) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    return set;
}

static void probe_object_class_init(ProbeObjectClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = get_n_children;
    atk->ref_child = ref_child;
    atk->get_index_in_parent = get_index_in_parent;
    atk->ref_state_set = ref_state_set;
}

static void probe_object_init(ProbeObject *self) {
    self->children = g_ptr_array_new_with_free_func(g_object_unref);
    self->showing = TRUE;
}

static void get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    (void)coords;  // the window sits at the screen's origin: screen and window coordinates are the same here
    ProbeObject *self = PROBE(component);
    *x = self->x, *y = self->y, *width = self->width, *height = self->height;
}

static void probe_component_init(AtkComponentIface *iface) { iface->get_extents = get_extents; }

static AtkObject *make(GType type, AtkRole role, const char *name, AtkObject *parent, gint y, gint height) {
    AtkObject *object = g_object_new(type, NULL);
    atk_object_initialize(object, NULL);
    atk_object_set_role(object, role);
    atk_object_set_name(object, name);
    PROBE(object)->x = 0, PROBE(object)->y = y, PROBE(object)->width = 300, PROBE(object)->height = height;
    if (parent) {
        g_ptr_array_add(PROBE(parent)->children, g_object_ref(object));
        atk_object_set_parent(object, parent);
    }
    return object;
}

// MARK: AtkUtil: the root, the toolkit's name, and the key listeners.

static AtkObject *application, *frame, *buttons[2], *notice;

static int focused_button = 0;

typedef struct { AtkKeySnoopFunc func; gpointer data; guint id; } KeyListener;
static GArray *key_listeners;

static guint add_key_event_listener(AtkKeySnoopFunc func, gpointer data) {
    static guint next_id = 1;
    KeyListener listener = {func, data, next_id++};
    g_array_append_val(key_listeners, listener);
    return listener.id;
}

static void remove_key_event_listener(guint id) {
    for (guint i = 0; i < key_listeners->len; i++) {
        if (g_array_index(key_listeners, KeyListener, i).id == id) {
            g_array_remove_index(key_listeners, i);
            return;
        }
    }
}

static AtkObject *get_root(void) { return application; }
static const gchar *get_toolkit_name(void) { return "Probe"; }
static const gchar *get_toolkit_version(void) { return "1"; }

/// Offers a key to the listeners, as GTK 3 does (gtkaccessibilityutil.c): TRUE when one of them consumed it.
static gboolean offer_key(XKeyEvent *key) {
    char text[32] = {0};
    KeySym keysym = NoSymbol;
    int length = XLookupString(key, text, sizeof text - 1, &keysym, NULL);
    text[length > 0 ? length : 0] = 0;
    AtkKeyEventStruct event = {0};
    event.type = key->type == KeyPress ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE;
    event.state = key->state;
    event.keyval = (guint)keysym;
    // The typed text when it is a graphic character (or Control is held), else the keysym's name.
    gunichar first = length > 0 ? g_utf8_get_char_validated(text, length) : 0;
    const char *name = XKeysymToString(keysym);
    event.string = (length > 0 && ((key->state & ControlMask) || (first > 0 && g_unichar_isgraph(first)))) ? text
                   : (char *)(name ? name : "");
    event.length = (gint)strlen(event.string);
    event.keycode = without("keycode") ? 0 : (guint16)key->keycode;
    event.timestamp = without("timestamp") ? 0 : (guint32)key->time;
    gboolean consumed = FALSE;
    for (guint i = 0; i < key_listeners->len; i++) {
        KeyListener *listener = &g_array_index(key_listeners, KeyListener, i);
        consumed |= listener->func(&event, listener->data) != 0;
    }
    return consumed;
}

// MARK: The window's behaviour.

static void set_focus(int index) {
    if (PROBE(buttons[focused_button])->focused) {
        PROBE(buttons[focused_button])->focused = FALSE;
        atk_object_notify_state_change(buttons[focused_button], ATK_STATE_FOCUSED, FALSE);
    }
    focused_button = index;
    PROBE(buttons[index])->focused = TRUE;
    atk_object_notify_state_change(buttons[index], ATK_STATE_FOCUSED, TRUE);
}

static void set_active(gboolean active) {
    if (PROBE(frame)->active == active) return;
    PROBE(frame)->active = active;
    if (!without("active")) atk_object_notify_state_change(frame, ATK_STATE_ACTIVE, active);
    if (!without("activate")) g_signal_emit_by_name(frame, active ? "activate" : "deactivate");
    if (active) set_focus(focused_button);
}

static void announce(const char *message) {
    if (PROBE(notice)->showing) {
        PROBE(notice)->showing = FALSE;
        atk_object_notify_state_change(notice, ATK_STATE_SHOWING, FALSE);
    }
    atk_object_set_name(notice, message);
    PROBE(notice)->showing = TRUE;
    atk_object_notify_state_change(notice, ATK_STATE_SHOWING, TRUE);
}

static Display *display;

static gboolean on_x_events(GIOChannel *channel, GIOCondition condition, gpointer data) {
    (void)channel, (void)condition, (void)data;
    while (XPending(display)) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type == FocusIn) set_active(TRUE);
        else if (event.type == FocusOut) set_active(FALSE);
        else if (event.type == KeyPress || event.type == KeyRelease) {
            if (offer_key(&event.xkey) || event.type != KeyPress) continue;
            KeySym keysym = XLookupKeysym(&event.xkey, 0);
            if (keysym == XK_Tab) set_focus(1 - focused_button);
            else if (keysym == XK_Return) {
                char message[64];
                snprintf(message, sizeof message, "Pressed %s.", atk_object_get_name(buttons[focused_button]));
                announce(message);
            }
        }
    }
    return G_SOURCE_CONTINUE;
}

static gboolean poll_x_events(gpointer data) { return on_x_events(NULL, G_IO_IN, data); }

int main(void) {
    display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "atk_probe: no X display\n");
        return 1;
    }
    key_listeners = g_array_new(FALSE, FALSE, sizeof(KeyListener));
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = get_root;
    util->get_toolkit_name = get_toolkit_name;
    util->get_toolkit_version = get_toolkit_version;
    if (!without("keys")) {
        util->add_key_event_listener = add_key_event_listener;
        util->remove_key_event_listener = remove_key_event_listener;
    }

    application = make(probe_object_get_type(), ATK_ROLE_APPLICATION, "atk_probe", NULL, 0, 0);
    frame = make(probe_frame_get_type(), ATK_ROLE_FRAME, "ATK probe", application, 0, 200);
    buttons[0] = make(probe_object_get_type(), ATK_ROLE_PUSH_BUTTON, "First", frame, 10, 40);
    buttons[1] = make(probe_object_get_type(), ATK_ROLE_PUSH_BUTTON, "Second", frame, 60, 40);
    PROBE(buttons[0])->focusable = PROBE(buttons[1])->focusable = TRUE;
    AtkObject *status = make(probe_object_get_type(), ATK_ROLE_STATUSBAR, "", frame, 160, 30);
    notice = make(probe_object_get_type(), ATK_ROLE_NOTIFICATION, "", status, 160, 30);
    PROBE(notice)->showing = FALSE;

    Window window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 300, 200, 0, 0, 0xffffff);
    XStoreName(display, window, "ATK probe");
    XSelectInput(display, window, KeyPressMask | KeyReleaseMask | FocusChangeMask);
    XMapWindow(display, window);
    XFlush(display);

    if (atk_bridge_adaptor_init(NULL, NULL) != 0) {
        fprintf(stderr, "atk_probe: no accessibility bus\n");
        return 1;
    }
    g_signal_emit_by_name(frame, "create");
    GIOChannel *channel = g_io_channel_unix_new(ConnectionNumber(display));
    g_io_add_watch(channel, G_IO_IN, on_x_events, NULL);
    g_timeout_add(50, poll_x_events, NULL);  // events Xlib already read into its queue leave the socket quiet
    g_main_loop_run(g_main_loop_new(NULL, FALSE));
    return 0;
}
