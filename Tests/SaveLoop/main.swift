import Foundation
import KineticData

// A writer for the crash test: saves two large catalogues in turn (A, then B, then A…), for ever, into the folder
// given, writing "saved" on standard output after each whole save, so that the test can kill it (kill -9) after a
// known save or during the next one and check what a killed save leaves behind.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: kinetic-save-loop FOLDER\n".utf8))
    exit(2)
}
let store = SavedCatalogFile(folder: URL(fileURLWithPath: CommandLine.arguments[1], isDirectory: true))
func catalogue(_ tag: String) -> SavedCatalog {
    let costumes = (0..<400).map {
        Costume(id: "\(tag.lowercased())\($0)", title: "Costume \($0) of \(tag)", description: String(repeating: tag, count: 200),
                icon: "http://h/\($0).svg", worn: "http://h/\($0)w.svg", displayX: 0, displayY: 0, displayWidth: 0.5, displayHeight: 0.5)
    }
    return SavedCatalog(catalogURL: "http://h/api.json", etag: tag, costumes: costumes)
}
let pair = [catalogue("A"), catalogue("B")]
var turn = 0
while true {
    do { try store.save(pair[turn % 2]) } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("saved\n".utf8))
    turn += 1
}
