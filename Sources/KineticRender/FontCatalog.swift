import CGraphics

/// The font families fontconfig knows, so that a text layer naming an unknown one is reported instead of
/// silently drawn in some fallback.
enum FontCatalog {
    nonisolated(unsafe) private static var families: Set<String>?

    static func isKnown(_ family: String) -> Bool {
        if let families { return families.contains(family.lowercased()) }
        let loaded = loadFamilies()
        families = loaded
        return loaded.contains(family.lowercased())
    }

    private static func loadFamilies() -> Set<String> {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(pango_cairo_font_map_get_default(), &list, &count)
        var names = Set<String>()
        for index in 0..<Int(count) {
            if let family = list?[index], let name = pango_font_family_get_name(family) {
                names.insert(String(cString: name).lowercased())
            }
        }
        g_free(list)
        return names
    }
}
