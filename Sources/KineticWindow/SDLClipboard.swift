import CSDL2
import KineticPlatform
import KineticRuntime

/// The desktop's clipboard through SDL: what Ctrl-C in a field puts there other programs can paste, and the reverse;
/// or, made with `primary`, X11's PRIMARY selection (what is selected, pasted by a middle click).
final class SDLClipboard: Clipboard {
    private let primary: Bool

    /// The CLIPBOARD selection, or with `primary` the PRIMARY one.
    init(primary: Bool = false) { self.primary = primary }

    func text() -> String? {
        let has = primary ? SDL_HasPrimarySelectionText() : SDL_HasClipboardText()
        guard has == SDL_TRUE, let pointer = primary ? SDL_GetPrimarySelectionText() : SDL_GetClipboardText() else { return nil }
        defer { SDL_free(pointer) }
        let text = String(cString: pointer)
        return text.isEmpty ? nil : text
    }

    func setText(_ text: String) {
        let failed = primary ? SDL_SetPrimarySelectionText(text) != 0 : SDL_SetClipboardText(text) != 0
        if failed { Log.line("setting the \(primary ? "PRIMARY selection" : "clipboard") failed: \(String(cString: SDL_GetError())); the text stays in the field") }
    }
}
