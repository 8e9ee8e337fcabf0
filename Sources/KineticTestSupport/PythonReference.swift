import Foundation

/// Python's standard library as the other implementation a test compares with (its `email` package reads dates,
/// addresses and messages as mail programs have for decades): a script run by `python3`, given bytes on its standard
/// input, its standard output handed back.
package enum PythonReference {
    /// Why Python could not answer: not installed, or the script failed (its words).
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        package var description: String
    }

    /// `script`'s standard output, `input` on its standard input. Throws `Unavailable` when python3 is missing or the
    /// script exits with a failure.
    package static func run(_ script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let standardInput = Pipe(), standardOutput = Pipe(), standardError = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (standardInput, standardOutput, standardError)
        do { try process.run() } catch { throw Unavailable(description: "python3 could not start: \(error)") }
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        let errors = standardError.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "python3 failed: " + String(decoding: errors.prefix(2_000), as: UTF8.self))
        }
        return output
    }
}
