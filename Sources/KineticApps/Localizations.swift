import Foundation
import KineticCore
import KineticPlatform
import KineticRuntime

extension KineticApps {
    /// The folder of the shipped catalogues' list, `LINGUAS`, and of their sources (`LANG.po`, `kinetic.pot`).
    static let localeFolder = ResourceFolder.named("Locales", containing: "LINGUAS")

    /// The folders a language's compiled catalogue is looked for in, first first: `$KINETIC_LOCALEDIR` (to try a
    /// catalogue without rebuilding: `LANG/LC_MESSAGES/kinetic.mo` or `LANG.po` in it), then `share/locale` beside the
    /// installed program (where `make install` puts `kinetic.mo`, as gettext's own programs find theirs).
    static func compiledCatalogueFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        var folders: [URL] = []
        if let named = environment["KINETIC_LOCALEDIR"], !named.isEmpty { folders.append(URL(fileURLWithPath: named, isDirectory: true)) }
        folders.append(InstalledFiles.executableFolder.appendingPathComponent("../share/locale", isDirectory: true).standardized)
        return folders
    }

    /// The shipped catalogues by language, as `LINGUAS` lists them: each read from its compiled `kinetic.mo` where one
    /// is installed (or `$KINETIC_LOCALEDIR` has it), else from its `LANG.po` among the resources (a build tree). A
    /// catalogue that can't be read is left out, and said. Read once, at the edge, to make the run's `Localization`:
    /// with `wanted` (the person's languages), only those are read, so an English run reads none.
    public static func shippedCatalogues(only wanted: [String]? = nil, log: (String) -> Void = Log.line,
                                         environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: StringCatalogue] {
        let list: String
        do {
            list = try String(contentsOf: localeFolder.appendingPathComponent("LINGUAS"), encoding: .utf8)
        } catch {
            log("localization: \(Log.printable(localeFolder.path))/LINGUAS can't be read (\(ErrorWords.sentence(error))); texts are in English")
            return [:]
        }
        var catalogues: [String: StringCatalogue] = [:]
        for line in list.split(separator: "\n") {
            let language = line.trimmingCharacters(in: .whitespaces)
            guard !language.isEmpty, !language.hasPrefix("#"), wanted?.contains(language) ?? true else { continue }
            if let catalogue = catalogue(language, log: log, environment: environment) { catalogues[language] = catalogue }
        }
        return catalogues
    }

    /// `language`'s catalogue from the first place that has it; problems in it are logged.
    private static func catalogue(_ language: String, log: (String) -> Void, environment: [String: String]) -> StringCatalogue? {
        var places: [(URL, compiled: Bool)] = compiledCatalogueFolders(environment: environment).flatMap { folder in
            [(folder.appendingPathComponent("\(language)/LC_MESSAGES/kinetic.mo"), compiled: true),
             (folder.appendingPathComponent("\(language).po"), compiled: false)]
        }
        places.append((localeFolder.appendingPathComponent("\(language).po"), compiled: false))
        for (file, compiled) in places where FileManager.default.fileExists(atPath: file.path) {
            do {
                let bytes = Array(try SmallFile.read(file.path, limit: 4 * 1_048_576))
                let catalogue = compiled ? StringCatalogue(language: language, moBytes: bytes)
                                         : StringCatalogue(language: language, poText: String(decoding: bytes, as: UTF8.self))
                for problem in catalogue.problems.prefix(5) { log("localization: \(Log.printable(file.path)): \(problem)") }
                return catalogue
            } catch {
                log("localization: \(Log.printable(file.path)) can't be read (\(ErrorWords.sentence(error))); its texts show in English")
                return nil
            }
        }
        log("localization: no catalogue of \(Log.printable(language)) is installed; its texts show in English")
        return nil
    }
}
