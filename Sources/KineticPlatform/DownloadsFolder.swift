import Foundation

/// The person's Downloads folder, as the desktop names it: `XDG_DOWNLOAD_DIR` in `$XDG_CONFIG_HOME/user-dirs.dirs`
/// (else `~/.config/user-dirs.dirs`), the file `xdg-user-dirs-update` writes in the person's language
/// (`XDG_DOWNLOAD_DIR="$HOME/Téléchargements"`); else `~/Downloads`. As the xdg-user-dirs format says, a value is
/// `"$HOME/…"` or an absolute path, in double quotes; one that is neither is passed by.
public enum DownloadsFolder {
    /// The folder for `environment` (`HOME`, `XDG_CONFIG_HOME`); `nil` without a home to put it in.
    public static func location(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let file = URL(fileURLWithPath: config).appendingPathComponent("user-dirs.dirs")
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                let data = try SmallFile.read(file.path, limit: 64 * 1024)
                if let named = configured(in: String(decoding: data, as: UTF8.self), home: home) { return named }
            } catch {
                // The desktop's file is there but can't be read (a FIFO, too large, no permission): said, and the usual
                // folder is used.
                Log.line("downloads: \(file.path) \(error); saving into ~/Downloads")
            }
        }
        return URL(fileURLWithPath: home).appendingPathComponent("Downloads")
    }

    /// `XDG_DOWNLOAD_DIR` of a user-dirs.dirs file's `text`, `$HOME` standing for `home`; `nil` when it is not there
    /// or not a path the format allows. A value that is `$HOME` itself (the desktop's way to say "no such folder")
    /// names the home folder.
    static func configured(in text: String, home: String) -> URL? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_DOWNLOAD_DIR="), !trimmed.hasPrefix("#") else { continue }
            var value = String(trimmed.dropFirst("XDG_DOWNLOAD_DIR=".count))
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return nil }
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            if value == "$HOME" { return URL(fileURLWithPath: home) }
            if value.hasPrefix("$HOME/") { return URL(fileURLWithPath: home).appendingPathComponent(String(value.dropFirst("$HOME/".count))) }
            return value.hasPrefix("/") && !value.split(separator: "/").contains("..") ? URL(fileURLWithPath: value) : nil
        }
        return nil
    }
}
