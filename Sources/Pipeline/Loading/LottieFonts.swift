import Foundation
import Lottie
import Typesetting

/// The font files a Lottie file's text is set in. Lottie files name fonts
/// (`fName`, the PostScript name, with `fFamily` and `fStyle`) and leave
/// finding them to the player, as lottie-ios asks the system for the font of
/// that name: Reel looks in the Lottie file's folder and in a `fonts` or
/// `Fonts` folder beside it or in one of the two folders above it, then
/// among the installed fonts (fontconfig), by exact name only.
enum LottieFonts {
    /// The font for `request`, its path relative to `folder` when found
    /// there; the bundled font when none has its name.
    static func font(for request: LottieFontRequest, folder: String) -> LottieFont {
        let folder = folder.isEmpty ? "." : folder
        let found = best(FontNames.faces(inFolder: folder) + searchFolders(folder).flatMap { FontNames.faces(inFolder: $0) }, request)
            ?? best(FontNames.installed(postScriptName: request.name, family: request.family), request)
        guard let found, let library = try? FontLibrary(fonts: ["lottie": found.path]) else { return .bundled }
        let metrics = library.metrics(for: TextStyle(fonts: ["lottie"], size: 1))
        let relative = found.path.hasPrefix(folder + "/") ? String(found.path.dropFirst(folder.count + 1)) : found.path
        return LottieFont(file: relative, ascender: metrics.ascender, lineHeight: metrics.lineHeight)
    }

    /// The `fonts`/`Fonts` folders beside the file and up to two folders above it.
    static func searchFolders(_ folder: String) -> [String] {
        var out: [String] = []
        var dir = folder
        for _ in 0..<3 {
            for name in ["fonts", "Fonts"] {
                let candidate = (dir as NSString).appendingPathComponent(name)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue,
                   !out.contains(where: { ($0 as NSString).standardizingPath == (candidate as NSString).standardizingPath }) {
                    out.append(candidate)
                }
            }
            dir = (dir as NSString).appendingPathComponent("..")
        }
        return out
    }

    /// The face that matches best: its PostScript name; else its family and
    /// style; else its family; else a family that extends the one asked for
    /// ("Airbnb Cereal App" for "Airbnb Cereal") with the style. Names are
    /// compared without case and spaces.
    static func best(_ faces: [FontNames], _ request: LottieFontRequest) -> FontNames? {
        func key(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace && $0 != "-" } }
        let name = key(request.name), family = key(request.family), style = key(request.style)
        func hasStyle(_ f: FontNames) -> Bool { style.isEmpty || f.styles.contains { key($0) == style } }
        return faces.first { key($0.postScriptName) == name }
            ?? faces.first { $0.families.contains { key($0) == family } && hasStyle($0) }
            ?? faces.first { $0.families.contains { key($0) == family } }
            ?? faces.first { !family.isEmpty && $0.families.contains { key($0).hasPrefix(family) } && hasStyle($0) }
    }
}
