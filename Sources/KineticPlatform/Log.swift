import Foundation

/// The program's log: one line on standard error, after `kinetic: `. The apps say there what went wrong and keep
/// running; a window's and a scenario's problems are read there.
public enum Log {
    public static func line(_ text: String) { FileHandle.standardError.write(Data("kinetic: \(text)\n".utf8)) }
}
