#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

/// A key press or release of the X server, as SDL hands it over in an `SDL_SYSWMEVENT` (once enabled): what a screen
/// reader's key listeners need, which SDL's own key events do not carry (the X keycode Orca's bindings match on, the X
/// time, the keysym and its text). Returns 1 and fills the fields for a key event of X11, 0 for anything else.
/// `text` gets the typed text, or the keysym's name for a key that types nothing ("Tab", "Down"), as GTK sends it.
static inline int kinetic_x11_key(const SDL_SysWMmsg *message, int *is_release, unsigned *state, unsigned long *keysym,
                                  unsigned *keycode, unsigned long *time, char *text, int text_size) {
    if (!message || message->subsystem != SDL_SYSWM_X11 || text_size < 2) return 0;
    XEvent event = message->msg.x11.event;
    if (event.type != KeyPress && event.type != KeyRelease) return 0;
    KeySym symbol = NoSymbol;
    char typed[16] = {0};
    int length = XLookupString(&event.xkey, typed, (int)sizeof(typed) - 1, &symbol, NULL);
    *is_release = event.type == KeyRelease;
    *state = event.xkey.state;
    *keysym = (unsigned long)symbol;
    *keycode = event.xkey.keycode;
    *time = event.xkey.time;
    const char *name = XKeysymToString(symbol);
    // Printable text as typed (or with Control held, as GTK does); else the key's name.
    int printable = length > 0 && ((unsigned char)typed[0] >= 0x20 || (event.xkey.state & ControlMask)) && typed[0] != 0x7f;
    const char *source = printable ? typed : (name ? name : "");
    SDL_strlcpy(text, source, (size_t)text_size);
    return 1;
}

/// The X server's resource string (what `xrdb -query` prints: "Xft.dpi:\t192" and the like) for the display `window`
/// is on, copied into `text` (at most `size` bytes, ended); 0 when the window is not on X11 or the server has none.
static inline int kinetic_x11_resources(SDL_Window *window, char *text, int size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || size < 1 || !SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11) return 0;
    const char *resources = XResourceManagerString(info.info.x11.display);
    if (!resources) return 0;
    SDL_strlcpy(text, resources, (size_t)size);
    return 1;
}
