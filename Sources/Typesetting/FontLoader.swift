import Foundation

/// Reads font files into faces while a `FontLibrary` is built: faces are
/// numbered in load order, failures collected rather than thrown one by one.
struct FontLoader {
    let freeType = FreeTypeFaces()
    private(set) var faces: [FontFace] = []
    private(set) var files: [FontFile] = []
    var failures: [FontFailure] = []

    /// Loads the faces of `path` (only face `only` of a collection, if
    /// given) and returns their indices; records a failure and returns none
    /// when the file is missing, unreadable or not a font.
    mutating func load(_ name: String, _ path: String, origin: FontFile.Origin, only: Int? = nil) -> [Int] {
        switch Self.readFile(path) {
        case .failure(let reason):
            failures.append(FontFailure(name: name, path: path, reason: reason))
            return []
        case .success(let bytes):
            let file = FontFile(path: path, origin: origin, bytes: bytes)
            switch freeType.open(file, fontName: name, firstIndex: faces.count, only: only) {
            case .failure(let reason):
                failures.append(FontFailure(name: name, path: path, reason: reason))
                return []
            case .success(let opened):
                faces += opened
                files.append(file)
                return opened.map(\.index)
            }
        }
    }

    private static func readFile(_ path: String) -> Result<[UInt8], FontFailure.Reason> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return .failure(.fileMissing) }
        do {
            return .success([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch {
            return .failure(.unreadable(error.localizedDescription))
        }
    }
}
