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
/// newline (or where the layout wraps it), a word at a space.
static gchar *get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end);

static gchar *get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    KineticAccessible *self = field(text);
    // A laid-out text's line is the line as drawn, wrapped where the layout wraps it.
    if (granularity == ATK_TEXT_GRANULARITY_LINE && self->line_count > 0)
        return get_text_at_offset(text, offset, ATK_TEXT_BOUNDARY_LINE_START, start, end);
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

// MARK: Boundaries, for get_text_at_offset (the call Orca 43 reads characters, words, sentences and lines with)

/// A letter or digit, or an apostrophe between two of them ("don't" is one word).
static gboolean in_word(const gunichar *c, gint length, gint i) {
    if (i < 0 || i >= length) return FALSE;
    if (g_unichar_isalnum(c[i])) return TRUE;
    gboolean apostrophe = c[i] == '\'' || c[i] == 0x2019;
    return apostrophe && i > 0 && i + 1 < length && g_unichar_isalnum(c[i - 1]) && g_unichar_isalnum(c[i + 1]);
}

static gboolean ends_sentence(gunichar c) { return c == '.' || c == '!' || c == '?' || c == 0x2026; }

/// The laid-out line holding character `offset` (the last line for the text's end), or -1 when the text has no
/// laid-out lines (a field: its own newlines are its lines).
static gint line_of(KineticAccessible *self, gint offset) {
    if (self->line_count <= 0) return -1;
    gint line = 0;
    while (line + 1 < self->line_count && self->line_starts[line + 1] <= offset) line++;
    return line;
}

/// Where laid-out line `line` ends, by ATK's LINE_END: before the newline that ends its paragraph, else at the
/// next line's start (a wrapped line keeps the space it broke at).
static gint line_end(KineticAccessible *self, const gunichar *c, gint length, gint line) {
    if (line + 1 >= self->line_count) return length;
    gint next = self->line_starts[line + 1];
    return next > 0 && next <= length && c[next - 1] == '\n' ? next - 1 : next;
}

/// Whether `i` (0…length) is a boundary of kind `boundary`, by the rules of ATK's `AtkTextBoundary`: a word starts
/// at its first letter and ends after its last; a sentence starts at the first non-space after an ending mark (or a
/// newline) and ends after its mark; a line starts where the layout starts one (after a newline, or where it wraps)
/// and ends before its newline or where the next begins.
static gboolean is_boundary(KineticAccessible *self, const gunichar *c, gint length, gint i, AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: return TRUE;
    case ATK_TEXT_BOUNDARY_WORD_START: return in_word(c, length, i) && !in_word(c, length, i - 1);
    case ATK_TEXT_BOUNDARY_WORD_END: return in_word(c, length, i - 1) && !in_word(c, length, i);
    case ATK_TEXT_BOUNDARY_SENTENCE_START: {
        if (i >= length || g_unichar_isspace(c[i])) return FALSE;
        gint k = i - 1;
        gboolean newline = FALSE;
        while (k >= 0 && g_unichar_isspace(c[k])) newline |= c[k--] == '\n';
        return k < 0 || newline || (k < i - 1 && ends_sentence(c[k]));
    }
    case ATK_TEXT_BOUNDARY_SENTENCE_END:
        return i > 0 && (ends_sentence(c[i - 1]) || c[i - 1] == '\n') && (i == length || g_unichar_isspace(c[i]) ) && !(i < length && ends_sentence(c[i]));
    case ATK_TEXT_BOUNDARY_LINE_START:
        if (self->line_count > 0) {
            gint line = line_of(self, i);
            return i > 0 && self->line_starts[line] == i;
        }
        return i > 0 && c[i - 1] == '\n';
    case ATK_TEXT_BOUNDARY_LINE_END:
        if (self->line_count > 0) {
            for (gint line = 0; line + 1 < self->line_count; line++) if (line_end(self, c, length, line) == i) return TRUE;
            return FALSE;
        }
        return i < length && c[i] == '\n';
    }
    return FALSE;
}

/// The piece of text around `offset` from the boundary at or before it to the next boundary after it (the text's
/// start and end stand in when there is none), as ATK defines get_text_at_offset.
static gchar *get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    KineticAccessible *self = field(text);
    glong length = 0;
    gunichar *c = g_utf8_to_ucs4_fast(self->text ? self->text : "", -1, &length);
    gint n = (gint)length;
    if (offset < 0) offset = 0;
    if (offset > n) offset = n;
    gint from = offset, to;
    if (boundary == ATK_TEXT_BOUNDARY_CHAR) {
        to = offset < n ? offset + 1 : n;
    } else {
        while (from > 0 && !is_boundary(self, c, n, from, boundary)) from--;
        to = offset + 1;
        while (to < n && !is_boundary(self, c, n, to, boundary)) to++;
        if (to > n) to = n;
    }
    g_free(c);
    if (start) *start = from;
    if (end) *end = to;
    return slice(self, from, to);
}

// MARK: Geometry, for flat review and the mouse

/// The box of laid-out line `line` (or of the whole object when it has no lines), on the screen.
static void line_box(KineticAccessible *self, gint line, double box[4]) {
    if (line < 0) {
        box[0] = self->x, box[1] = self->y, box[2] = self->width, box[3] = self->height;
    } else {
        memcpy(box, &self->line_boxes[4 * line], 4 * sizeof(double));
    }
}

/// The first character of `line` and the number of characters it holds (the whole text when there are no lines).
static void line_span(KineticAccessible *self, gint line, gint *first, gint *count) {
    gint length = length_of(self);
    if (line < 0) {
        *first = 0, *count = length;
        return;
    }
    *first = self->line_starts[line];
    gint next = line + 1 < self->line_count ? self->line_starts[line + 1] : length;
    *count = next > *first ? next - *first : 0;
}

/// What to take from screen coordinates for `coords`: the frame's corner, the parent's, or nothing.
static void origin_for(KineticAccessible *self, AtkCoordType coords, double *x, double *y) {
    *x = 0, *y = 0;
    AtkObject *parent = ATK_OBJECT(self)->accessible_parent;
    if (coords == ATK_XY_WINDOW) {
        kinetic_accessible_window_origin(self, x, y);
    } else if (coords == ATK_XY_PARENT && parent && KINETIC_IS_ACCESSIBLE(parent)) {
        *x = KINETIC_ACCESSIBLE(parent)->x, *y = KINETIC_ACCESSIBLE(parent)->y;
    }
}

/// The box of characters `from`…`to` (exclusive) within one line, on the screen: the line's height, and the part of
/// its width they take, each character an equal share (the bridge keeps lines, not glyphs).
static void span_box(KineticAccessible *self, gint line, gint from, gint to, double box[4]) {
    double whole[4];
    line_box(self, line, whole);
    gint first, count;
    line_span(self, line, &first, &count);
    double share = count > 0 ? whole[2] / count : 0;
    box[0] = whole[0] + share * (from - first);
    box[1] = whole[1];
    box[2] = share * (to - from);
    box[3] = whole[3];
}

static void get_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    KineticAccessible *self = field(text);
    gint length = length_of(self);
    if (offset < 0) offset = 0;
    if (offset > length) offset = length;
    double box[4], left, top;
    span_box(self, line_of(self, offset), offset, offset + 1, box);
    origin_for(self, coords, &left, &top);
    if (x) *x = (gint)(box[0] - left);
    if (y) *y = (gint)(box[1] - top);
    if (width) *width = (gint)box[2];
    if (height) *height = (gint)box[3];
}

static void get_range_extents(AtkText *text, gint start, gint end, AtkCoordType coords, AtkTextRectangle *rect) {
    KineticAccessible *self = field(text);
    gint length = length_of(self);
    if (start < 0) start = 0;
    if (end < 0 || end > length) end = length;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    gboolean any = FALSE;
    gint lines = self->line_count > 0 ? self->line_count : 1;
    for (gint line = 0; line < lines; line++) {
        gint index = self->line_count > 0 ? line : -1, first, count;
        line_span(self, index, &first, &count);
        gint from = MAX(start, first), to = MIN(end, first + count);
        if (from >= to) continue;
        double box[4];
        span_box(self, index, from, to, box);
        if (!any) x0 = box[0], y0 = box[1], x1 = box[0] + box[2], y1 = box[1] + box[3];
        x0 = MIN(x0, box[0]), y0 = MIN(y0, box[1]), x1 = MAX(x1, box[0] + box[2]), y1 = MAX(y1, box[1] + box[3]);
        any = TRUE;
    }
    double left, top;
    origin_for(self, coords, &left, &top);
    rect->x = any ? (gint)(x0 - left) : 0;
    rect->y = any ? (gint)(y0 - top) : 0;
    rect->width = any ? (gint)(x1 - x0) : 0;
    rect->height = any ? (gint)(y1 - y0) : 0;
}

static gint get_offset_at_point(AtkText *text, gint x, gint y, AtkCoordType coords) {
    KineticAccessible *self = field(text);
    double left, top;
    origin_for(self, coords, &left, &top);
    double px = x + left, py = y + top;
    gint lines = self->line_count > 0 ? self->line_count : 1;
    for (gint line = 0; line < lines; line++) {
        gint index = self->line_count > 0 ? line : -1, first, count;
        double box[4];
        line_box(self, index, box);
        if (py < box[1] || py >= box[1] + box[3] || px < box[0] || px >= box[0] + box[2]) continue;
        line_span(self, index, &first, &count);
        gint within = box[2] > 0 ? (gint)((px - box[0]) / box[2] * count) : 0;
        return first + MIN(MAX(within, 0), MAX(count - 1, 0));
    }
    return -1;
}

void kinetic_text_init(AtkTextIface *iface) {
    iface->get_text_at_offset = get_text_at_offset;
    iface->get_text = get_text;
    iface->get_character_count = get_character_count;
    iface->get_caret_offset = get_caret_offset;
    iface->set_caret_offset = set_caret_offset;
    iface->get_character_at_offset = get_character_at_offset;
    iface->get_n_selections = get_n_selections;
    iface->get_selection = get_selection;
    iface->get_string_at_offset = get_string_at_offset;
    iface->get_character_extents = get_character_extents;
    iface->get_range_extents = get_range_extents;
    iface->get_offset_at_point = get_offset_at_point;
}

// MARK: Editing

static void ask_to_set(KineticAccessible *self, const gchar *new_text) {
    kinetic_accessible_request(self, KA11Y_REQUEST_SET_TEXT, 0, new_text);
}

static void set_text_contents(AtkEditableText *text, const gchar *string) { ask_to_set(field(text), string ? string : ""); }

/// Whether the field is a password's: its text as offered is bullets, so an edit at a position can't be made from
/// it (the bullets would become the password). Only setting the whole text is taken there.
static gboolean is_secret(KineticAccessible *self) { return atk_object_get_role(ATK_OBJECT(self)) == ATK_ROLE_PASSWORD_TEXT; }

static void insert_text(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    KineticAccessible *self = field(text);
    if (!string || !position || is_secret(self)) return;
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
    if (is_secret(self)) return;
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
