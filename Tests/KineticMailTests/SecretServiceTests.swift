import XCTest
import Foundation
import KineticData
@testable import KineticMail

/// Mail passwords in the desktop's Secret Service. The round trips run under `scripts/with-secret-service` (a private
/// session bus and GNOME Keyring of their own; `make test` runs this suite under it) and skip without it; with no
/// session bus, the service is not asked, and says so.
final class SecretServiceTests: XCTestCase {
    private func secretService() throws -> [String: String] {
        let environment = ProcessInfo.processInfo.environment
        guard environment["KINETIC_TEST_SECRET_SERVICE"] == "1" else {
            throw XCTSkip("no Secret Service of the test's own: run under scripts/with-secret-service (make test does)")
        }
        return environment
    }

    /// Kept, then found; an account never kept has none; keeping again replaces.
    func testAPasswordKeptIsFound() throws {
        let environment = try secretService()
        let account = "ana.\(UUID().uuidString)@example.org@imap.example.org:993"
        XCTAssertNil(try SecretService.password(for: account, environment: environment))
        try SecretService.store("première clé", for: account, environment: environment)
        XCTAssertEqual(try SecretService.password(for: account, environment: environment), "première clé")
        try SecretService.store("second", for: account, environment: environment)
        XCTAssertEqual(try SecretService.password(for: account, environment: environment), "second")
    }

    /// `mail.json`'s account with `"passwordInSecretService": true` opens with the password kept for its
    /// `user@host:port`; one whose password was never kept is left out, named; a file neither names is refused.
    func testMailJSONTakesItsPasswordFromTheSecretService() throws {
        let environment = try secretService()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let user = "lea.\(UUID().uuidString.prefix(8))@example.org"
        try SecretService.store("s3cret", for: "\(user)@imap.example.org:993", environment: environment)
        let file = folder.appendingPathComponent("mail.json")
        try Data("""
        {"accounts": [
          {"name": "Work", "imap": "imaps://imap.example.org", "user": "\(user)", "passwordInSecretService": true},
          {"name": "Never kept", "imap": "imaps://imap.example.org:1993", "user": "\(user)", "passwordInSecretService": true},
          {"name": "No password", "imap": "imaps://imap.example.org", "user": "\(user)"}
        ]}
        """.utf8).write(to: file)
        let (accounts, found) = MailAccountsFile.load(file, home: nil, environment: environment, warn: { _ in })
        let problems = found.map(\.description)
        XCTAssertEqual(accounts.map(\.name), ["Work"])
        XCTAssertEqual(accounts.first?.account.password, "s3cret")
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems[0].contains("Never kept") && problems[0].contains("holds no password"), problems[0])
        XCTAssertTrue(problems[1].contains("No password") && problems[1].contains("passwordFile"), problems[1])
        XCTAssertFalse(problems.joined().contains("s3cret"), "no password in any sentence")
    }

    /// Without a session bus nothing is asked (libsecret would start one through X11): a sentence says so, at once.
    /// The sheet's set-up with a keyring: "Work" kept for one server, then set up again for another: the password is
    /// the keyring's for the new one, and the old server's item, which no account names now, is gone; `mail.json`
    /// holds neither password.
    func testSettingAnAccountUpAgainElsewhereRemovesItsOldKeyringItem() throws {
        let environment = try secretService()
        let user = "sheet-\(UUID().uuidString.prefix(8))"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-keyring-sheet-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }  // best effort: a temporary folder
        let file = folder.appendingPathComponent("kinetic/mail.json")
        for (host, password) in [("imap.old.example", "ancien"), ("imap.new.example", "nouveau")] {
            let warning = try MailAccountSetUp(MailAccountForm(name: "Work", imap: "imaps://\(host)", smtp: nil, user: user, password: password))
                .keep(password: password, in: file, environment: environment)
            XCTAssertNil(warning, "the keyring kept it")
        }
        XCTAssertEqual(try SecretService.password(for: "\(user)@imap.new.example:993", environment: environment), "nouveau")
        XCTAssertNil(try SecretService.password(for: "\(user)@imap.old.example:993", environment: environment), "the old server's item is gone")
        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(written.contains("ancien") || written.contains("nouveau"), written)
        XCTAssertEqual(MailAccountsFile.load(file, home: nil, environment: environment, warn: { _ in }).accounts.map(\.account.password), ["nouveau"])
    }

    func testWithNoSessionBusTheServiceIsNotAsked() {
        XCTAssertThrowsError(try SecretService.password(for: "ana@example.org@imap.example.org:993", environment: [:])) { error in
            XCTAssertEqual("\(error)", "no Secret Service: no session bus runs")
        }
        XCTAssertThrowsError(try SecretService.store("x", for: "ana@example.org@imap.example.org:993", environment: ["DBUS_SESSION_BUS_ADDRESS": ""]))
    }

    /// `kinetic mail-account` with a keyring answering: the password goes to the keyring (no file, no warning), the
    /// account into `mail.json` with `passwordInSecretService`, and the accounts load with it.
    func testTheCommandKeepsThePasswordInTheKeyring() throws {
        let environment = try secretService()
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("kinetic is not built at \(binary.path)") }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-secret-command-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }  // best effort: a temporary folder
        let user = "sam.\(UUID().uuidString.prefix(8))@example.org"
        let process = Process()
        process.executableURL = binary
        process.arguments = ["mail-account", "Work", "--imap", "imaps://imap.example.org", "--mail-user", user]
        process.environment = environment.merging(["XDG_CONFIG_HOME": config.path]) { $1 }
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("clé du trousseau\n".utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, said)
        XCTAssertFalse(said.contains("warning"), said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: config.appendingPathComponent("kinetic/mail-passwords").path), "no password file")
        let loaded = MailAccountsFile.load(config.appendingPathComponent("kinetic/mail.json"), home: nil, environment: environment, warn: { _ in })
        XCTAssertEqual(loaded.problems, [])
        XCTAssertEqual(loaded.accounts.first?.account.password, "clé du trousseau")
        XCTAssertEqual(try SecretService.password(for: "\(user)@imap.example.org:993", environment: environment), "clé du trousseau")
    }
}
