#ifndef KINETIC_A11Y_H
#define KINETIC_A11Y_H

#include <stdint.h>

/// One accessible object of a published tree, flattened: `parent` is the index of its parent in the same array
/// (-1 for the window's frame, the one top object). Strings are copied on publishing.
typedef struct {
    int32_t id;                 // stable for the object's life: the same object keeps its id from tree to tree
    int32_t parent;             // index into the array, or -1
    const char *role;           // an ATK role name: "push button", "list item", "entry", …
    const char *name;
    const char *description;
    uint32_t states;            // KA11Y_STATE_* bits
    double x, y, width, height; // on the screen, in pixels
    int32_t action_count;
    const char *const *action_names;
    int32_t is_text;            // exposes Text (and EditableText when KA11Y_STATE_EDITABLE)
    const char *text;           // UTF-8
    int32_t caret;              // in characters
    int32_t selection_start, selection_end; // in characters; equal when nothing is selected
    const char *live;           // "polite" for a live region, else NULL
    int32_t announcement;       // a notification's announcement number (0: nothing to say, not showing): when it
                                // changes, the notification is hidden, takes its new name, and shows again, which is
                                // what Orca 43 speaks (docs/orca-notes.md, (c))
    int32_t not_showing;        // 1: nothing of it is drawn where it can be seen (a row scrolled away): not SHOWING
    int32_t has_value;          // 1: offers AtkValue (a spin button), with the four fields below
    double value_current, value_minimum, value_maximum;
    const char *value_text;     // the words for the value ("Tomorrow"): the "valuetext" attribute screen readers speak
    int32_t line_count;         // a text's laid-out lines (0: its own newlines are its lines)
    const int32_t *line_starts; // line_count character offsets, ascending, the first 0
    const double *line_boxes;   // line_count × (x, y, width, height) on the screen, in pixels
} KA11yNode;

enum {
    KA11Y_STATE_FOCUSABLE = 1 << 0,
    KA11Y_STATE_FOCUSED = 1 << 1,
    KA11Y_STATE_SELECTED = 1 << 2,
    KA11Y_STATE_CHECKED = 1 << 3,
    KA11Y_STATE_EXPANDED = 1 << 4,
    KA11Y_STATE_DISABLED = 1 << 5,
    KA11Y_STATE_EDITABLE = 1 << 6,
    KA11Y_STATE_MULTI_LINE = 1 << 7,
    KA11Y_STATE_SELECTABLE = 1 << 8,
    KA11Y_STATE_EXPANDABLE = 1 << 9,
};

/// What an assistive technology asked for, handed to the request callback (on the bridge's thread).
enum {
    KA11Y_REQUEST_ACTION = 0,     // index: the action's index
    KA11Y_REQUEST_SET_TEXT = 1,   // text: the field's whole new text
    KA11Y_REQUEST_GRAB_FOCUS = 2,
    KA11Y_REQUEST_SET_CARET = 3,  // index: the caret, in characters
    KA11Y_REQUEST_SET_VALUE = 4,  // text: the new value, a decimal number
};

typedef void (*KA11yRequestCallback)(int32_t node_id, int32_t kind, int32_t index, const char *text);

/// Starts the bridge on a thread of its own running GLib's main loop: registers the application `app_name` on the
/// accessibility bus. Returns 0 on success, or -1 when no accessibility bus can be reached (nothing runs then).
int ka11y_start(const char *app_name, KA11yRequestCallback callback);

/// Replaces the published tree with `nodes` (copied); `focused_id` (-1 for none) gets the focus, with the events a
/// screen reader follows. Safe from any thread; applied on the bridge's thread.
void ka11y_publish(const KA11yNode *nodes, int32_t count, int32_t focused_id);

/// Tells the bridge whether the window has the keyboard focus (SDL's focus gained and lost): the frame is ACTIVE
/// while it has, and says so with the AtkWindow "activate"/"deactivate" signals and the state change, without which
/// Orca drops every focus event of the window. Safe from any thread; applied on the bridge's thread.
void ka11y_set_window_active(int active);

/// Stops the bridge's thread.
void ka11y_stop(void);

/// One key press or release, as the X server reported it: what screen readers hear of the keyboard.
typedef struct {
    int32_t is_release;    // 0 for a press, 1 for a release
    uint32_t state;        // the X modifier mask held (ShiftMask, ControlMask, Mod1Mask…)
    uint32_t keysym;       // the X keysym (a GDK keyval): XK_Tab, XK_a…
    uint32_t keycode;      // the X hardware keycode (evdev code + 8): what Orca's key bindings match on
    uint32_t time;         // the X server time of the event, in ms: distinct for each event
    const char *string;    // the typed text, or the keysym's name for a key that types nothing ("Tab", "Down")
} KA11yKeyEvent;

/// Offers `event` to the key listeners a screen reader registered through the bridge (Orca's), on the bridge's thread,
/// before the app acts on it, as GTK does; waits for their answer at most `timeout_ms`. Returns 1 when a listener
/// consumed the key (an Orca command: the app must not act on it), 0 otherwise (also with no listener, no bridge, or no
/// answer in time, so a slow or gone screen reader never swallows keys).
int ka11y_key_event(const KA11yKeyEvent *event, int32_t timeout_ms);

#endif
