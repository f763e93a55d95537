import CFontconfig
import Foundation

/// The names a font file gives its faces — PostScript name, families,
/// styles — read through fontconfig, so a document that names its fonts
/// (a Lottie file's `fonts.list`) can be matched to files beside it or
/// installed. Only exact names are matched: fontconfig's substitution would
/// always answer, with a font the document did not ask for.
public struct FontNames: Sendable, Equatable {
    public var path: String
    public var postScriptName: String
    /// Every family name the face gives (fontconfig lists the typographic and the legacy ones).
    public var families: [String]
    public var styles: [String]

    /// Font file extensions read in a folder.
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// The faces of the font files directly in `folder`, files in name order.
    public static func faces(inFolder folder: String) -> [FontNames] {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return SystemFonts.lock.withLock {
            guard FcInit() != 0 else { return [] }
            return files.sorted().filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }.flatMap { file -> [FontNames] in
                let path = (folder as NSString).appendingPathComponent(file)
                var faces: [FontNames] = []
                var count: Int32 = 1
                var id: Int32 = 0
                while id < count, id < 64 {
                    guard let pattern = path.withCString({ c in
                        c.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcFreeTypeQuery($0, UInt32(id), nil, &count) }
                    }) else { break }
                    faces.append(names(pattern, path: path))
                    FcPatternDestroy(pattern)
                    id += 1
                }
                return faces
            }
        }
    }

    /// Installed faces whose PostScript name is `postScriptName` or whose
    /// family is `family`, as fontconfig lists them.
    public static func installed(postScriptName: String, family: String) -> [FontNames] {
        SystemFonts.lock.withLock {
            guard FcInit() != 0 else { return [] }
            var out: [FontNames] = []
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for object in [reel_fc_file(), reel_fc_postscript_name(), reel_fc_family(), reel_fc_style()] { FcObjectSetAdd(objects, object) }
            let queries: [(UnsafePointer<CChar>, String)] = [(reel_fc_postscript_name(), postScriptName), (reel_fc_family(), family)]
            for (object, value) in queries where !value.isEmpty {
                guard let pattern = FcPatternCreate() else { continue }
                defer { FcPatternDestroy(pattern) }
                SystemFonts.addString(pattern, object, value)
                guard let set = FcFontList(nil, pattern, objects) else { continue }
                defer { FcFontSetDestroy(set) }
                for i in 0..<Int(set.pointee.nfont) {
                    guard let font = set.pointee.fonts[i], let path = SystemFonts.string(font, reel_fc_file()) else { continue }
                    out.append(names(font, path: path))
                }
            }
            return out.sorted { $0.path < $1.path }
        }
    }

    private static func names(_ pattern: OpaquePointer, path: String) -> FontNames {
        func all(_ object: UnsafePointer<CChar>) -> [String] {
            var out: [String] = []
            var value: UnsafeMutablePointer<FcChar8>?
            var n: Int32 = 0
            while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
                out.append(String(cString: value))
                n += 1
            }
            return out
        }
        return FontNames(path: path, postScriptName: all(reel_fc_postscript_name()).first ?? "",
                         families: all(reel_fc_family()), styles: all(reel_fc_style()))
    }
}
