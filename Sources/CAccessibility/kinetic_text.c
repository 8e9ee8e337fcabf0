// AtkText and AtkEditableText for Kinetic's text fields: reading answers from the published copy of the field;
// editing works out the field's whole new text and asks the app to set it (the app's field does the editing, with
// its limits and its undo, and the next published tree shows the result). Offsets are in characters.
#include "kinetic_accessible.h"
#include <string.h>

static KineticAccessible *field(gpointer object) { return KINETIC_ACCESSIBLE(object); }

static gint length_of(KineticAccessible *self) { return self->text ? (gint)g_utf8_strlen(self->text, -1) : 0; }

/// The characters from `start` to `end` (-1: the end), held to the text.
static gchar *slice(KineticAccessible *self, gint start, gint end) {
    gint length = length_of(self);
    if (end < 0 || end > length) end = length;
    if (start < 0) start = 0;
    if (start > end) start = end;
    const gchar *text = self->text ? self->text : "";
    const gchar *from = g_utf8_offset_to_pointer(text, start), *to = g_utf8_offset_to_pointer(text, end);
    return g_strndup(from, (gsize)(to - from));
}

static gchar *get_text(AtkText *text, gint start, gint end) { return slice(field(text), start, end); }
static gint get_character_count(AtkText *text) { return length_of(field(text)); }
static gint get_caret_offset(AtkText *text) { return field(text)->caret; }

static gunichar get_character_at_offset(AtkText *text, gint offset) {
    KineticAccessible *self = field(text);
    if (!self->text || offset < 0 || offset >= length_of(self)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(self->text, offset));
}

static gboolean set_caret_offset(AtkText *text, gint offset) {
    kinetic_accessible_request(field(text), KA11Y_REQUEST_SET_CARET, offset, NULL);
    return TRUE;
}

static gint get_n_selections(AtkText *text) {
    KineticAccessible *self = field(text);
    return self->selection_start != self->selection_end ? 1 : 0;
}

static gchar *get_selection(AtkText *text, gint index, gint *start, gint *end) {
    KineticAccessible *self = field(text);
    if (index != 0 || self->selection_start == self->selection_end) return NULL;
    *start = self->selection_start;
    *end = self->selection_end;
    return slice(self, *start, *end);
}

/// The line, word or character at `offset`, by the simple rules a screen reader's review needs: a line ends at a
/// newline, a word at a space.
static gchar *get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    KineticAccessible *self = field(text);
    gint length = length_of(self);
    if (offset < 0) offset = 0;
    if (offset > length) offset = length;
    gint from = offset, to = offset;
    gchar *all = slice(self, 0, -1);
    gunichar stop = granularity == ATK_TEXT_GRANULARITY_LINE || granularity == ATK_TEXT_GRANULARITY_PARAGRAPH ? '\n' : ' ';
    if (granularity == ATK_TEXT_GRANULARITY_CHAR) {
        to = offset < length ? offset + 1 : offset;
    } else {
        while (from > 0 && g_utf8_get_char(g_utf8_offset_to_pointer(all, from - 1)) != stop) from--;
        while (to < length && g_utf8_get_char(g_utf8_offset_to_pointer(all, to)) != stop) to++;
        if (to < length) to++;  // the separator belongs to the piece it ends
    }
    g_free(all);
    *start = from;
    *end = to;
    return slice(self, from, to);
}

void kinetic_text_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_character_count = get_character_count;
    iface->get_caret_offset = get_caret_offset;
    iface->set_caret_offset = set_caret_offset;
    iface->get_character_at_offset = get_character_at_offset;
    iface->get_n_selections = get_n_selections;
    iface->get_selection = get_selection;
    iface->get_string_at_offset = get_string_at_offset;
}

// MARK: Editing

static void ask_to_set(KineticAccessible *self, const gchar *new_text) {
    kinetic_accessible_request(self, KA11Y_REQUEST_SET_TEXT, 0, new_text);
}

static void set_text_contents(AtkEditableText *text, const gchar *string) { ask_to_set(field(text), string ? string : ""); }

static void insert_text(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    KineticAccessible *self = field(text);
    if (!string || !position) return;
    gint at = *position < 0 ? 0 : *position > length_of(self) ? length_of(self) : *position;
    // ATK calls `length` bytes, AT-SPI's clients mostly send characters: taken as characters, and a length past the
    // string's end (any byte count of the whole string) as the whole string.
    glong characters = g_utf8_strlen(string, -1);
    gchar *inserted = length < 0 || length >= characters ? g_strdup(string)
                                                         : g_strndup(string, (gsize)(g_utf8_offset_to_pointer(string, length) - string));
    gchar *before = slice(self, 0, at), *after = slice(self, at, -1);
    gchar *joined = g_strconcat(before, inserted, after, NULL);
    ask_to_set(self, joined);
    *position = at + (gint)g_utf8_strlen(inserted, -1);
    g_free(inserted);
    g_free(before);
    g_free(after);
    g_free(joined);
}

static void delete_text(AtkEditableText *text, gint start, gint end) {
    KineticAccessible *self = field(text);
    gchar *before = slice(self, 0, start), *after = slice(self, end, -1);
    gchar *joined = g_strconcat(before, after, NULL);
    ask_to_set(self, joined);
    g_free(before);
    g_free(after);
    g_free(joined);
}

void kinetic_editable_text_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = set_text_contents;
    iface->insert_text = insert_text;
    iface->delete_text = delete_text;
}
