import CSDL2
import KineticPlatform
import KineticRuntime

/// The desktop's clipboard through SDL: what Ctrl-C in a field puts there other programs can paste, and the reverse.
final class SDLClipboard: Clipboard {
    func text() -> String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(pointer) }
        let text = String(cString: pointer)
        return text.isEmpty ? nil : text
    }

    func setText(_ text: String) {
        if SDL_SetClipboardText(text) != 0 { Log.line("SDL_SetClipboardText failed: \(String(cString: SDL_GetError())); the copy stays in the field") }
    }
}
