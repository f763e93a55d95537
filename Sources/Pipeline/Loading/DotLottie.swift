import Animation
import Foundation
import Lottie
import Media
import SceneModel

/// `.lottie` files: a zip archive of Lottie animations (`animations/ID.json`,
/// or `a/ID.json` in version 2) listed by `manifest.json`, with the images
/// they use (`images/`, `i/`). One animation is converted, with its images
/// taken from the archive (as `data:` URLs, so the scene needs no other
/// file): the one named after `#` in the path (`story.lottie#intro`), else
/// the manifest's active (version 1) or initial (version 2) one, else its first.
enum DotLottie {
    /// Whether `bytes` start as a zip archive does (a local file header, or the end record of an empty one).
    static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// The file and the animation a path names: `story.lottie#intro` is the
    /// animation "intro" of story.lottie, unless a file has the whole name.
    static func address(_ path: String) -> (file: String, animation: String?) {
        guard let hash = path.lastIndex(of: "#"), !FileManager.default.fileExists(atPath: path) else { return (path, nil) }
        return (String(path[..<hash]), String(path[path.index(after: hash)...]))
    }

    /// The converted animation `animation` (nil: the manifest's default) of
    /// the archive in `bytes`; problems are located in the entry they are in,
    /// named `ARCHIVE/ENTRY`.
    static func convert(_ bytes: [UInt8], file: String, animation: String?, for folder: String? = nil) throws(SceneLoadError) -> LottieImport.Result {
        func failure(_ entry: String?, at location: SourceLocation? = nil, path: String = "$", _ message: String) -> SceneLoadError {
            SceneLoadError(diagnostics: [Diagnostic(file: entry.map { "\(file)/\($0)" } ?? file, location: location, path: path, message: message)])
        }
        let archive: ZipArchive
        do { archive = try ZipArchive(bytes) } catch { throw failure(nil, "not a readable .lottie archive: \(error.message)") }
        func entry(_ name: String) throws(SceneLoadError) -> [UInt8]? {
            do { return try archive.entry(name) } catch { throw failure(name, "cannot read it from the archive: \(error.message)") }
        }
        guard let manifestBytes = try entry("manifest.json") else { throw failure(nil, "a .lottie archive needs a manifest.json; this one has \(archive.names.prefix(5).joined(separator: ", "))") }
        let manifest: JSONValue
        do { manifest = try JSONParser.parse(manifestBytes) } catch { throw failure("manifest.json", at: error.location, error.message) }
        var ids: [String] = []
        if case .array(let items)? = manifest["animations"]?.kind {
            for item in items { if case .string(let id)? = item["id"]?.kind { ids.append(id) } }
        }
        guard !ids.isEmpty else { throw failure("manifest.json", at: manifest["animations"]?.location ?? manifest.location, path: "$.animations", "the manifest lists no animation (objects with an \"id\")") }
        var chosen = ids[0]
        if let animation {
            guard ids.contains(animation) else {
                var message = "no animation \"\(animation)\" in this archive; it has \(ids.map { "\"\($0)\"" }.joined(separator: ", "))"
                if let s = NameSuggestion.closest(to: animation, in: ids) { message += "; did you mean \"\(s)\"?" }
                throw failure("manifest.json", at: manifest["animations"]?.location, path: "$.animations", message)
            }
            chosen = animation
        } else {
            for case .string(let id)? in [manifest["activeAnimationId"]?.kind, manifest["initial"]?["animation"]?.kind] where ids.contains(id) { chosen = id; break }
        }
        guard let name = ["animations/\(chosen).json", "a/\(chosen).json"].first(where: archive.names.contains),
              let json = try entry(name) else {
            throw failure("manifest.json", at: manifest["animations"]?.location, path: "$.animations", "the manifest lists animation \"\(chosen)\" but the archive has no animations/\(chosen).json")
        }
        let label = "\(file)/\(name)"
        try SceneDecoder.checkFileSize(json.count, file: label)
        let root: JSONValue
        do { root = try JSONParser.parse(json) } catch { throw failure(name, at: error.location, error.message) }
        guard LottieImport.isLottie(root) else {
            throw failure(name, at: root.location, "not a Lottie animation: it needs the top-level keys \(LottieImport.signature.joined(separator: ", "))")
        }
        // Image paths as the animation writes them ("/images/x.png",
        // "images/x.png", or a bare name) are looked up in the archive.
        func imageEntry(_ path: String) -> String? {
            let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
            let bare = PathName.name(of: trimmed)
            return [trimmed, "images/\(bare)", "i/\(bare)"].first(where: archive.names.contains)
        }
        let folderOfArchive = PathName.folder(of: file)
        let onDisk = SceneFile.folderPaths(of: file, for: folder)
        return try LottieImport.convert(root, file: label, imageExists: { imageEntry($0) != nil },
                                        font: { LottieFonts.font(for: $0, folder: folderOfArchive) },
                                        imagePath: { path in
                                            guard !path.hasPrefix("data:"), let entry = imageEntry(path), let bytes = (try? archive.entry(entry)) ?? nil else { return onDisk(path) }
                                            let type = PathName.name(of: entry).split(separator: ".").last.map { $0.lowercased() == "jpg" ? "jpeg" : $0.lowercased() } ?? "png"
                                            return "data:image/\(type);base64," + Data(bytes).base64EncodedString()
                                        })
    }
}
