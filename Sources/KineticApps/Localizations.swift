import Foundation
import KineticCore
import KineticPlatform
import KineticRuntime

extension KineticApps {
    /// The folder of the shipped catalogues: `LINGUAS` and one `LANG.po` for each language it lists.
    static let localeFolder = ResourceFolder.named("Locales", containing: "LINGUAS")

    /// The shipped catalogues' texts by language, as `LINGUAS` lists them (a catalogue that can't be read is left
    /// out, and said). Read once, at the edge, to make the run's `Localization`.
    public static func shippedCatalogues(log: (String) -> Void = Log.line) -> [String: String] {
        let list: String
        do {
            list = try String(contentsOf: localeFolder.appendingPathComponent("LINGUAS"), encoding: .utf8)
        } catch {
            log("localization: \(Log.printable(localeFolder.path))/LINGUAS can't be read (\(ErrorWords.sentence(error))); texts are in English")
            return [:]
        }
        var catalogues: [String: String] = [:]
        for line in list.split(separator: "\n") {
            let language = line.trimmingCharacters(in: .whitespaces)
            guard !language.isEmpty, !language.hasPrefix("#") else { continue }
            let file = localeFolder.appendingPathComponent("\(language).po")
            do {
                catalogues[language] = try String(contentsOf: file, encoding: .utf8)
            } catch {
                log("localization: \(Log.printable(file.path)) can't be read (\(ErrorWords.sentence(error))); its texts show in English")
            }
        }
        return catalogues
    }
}
