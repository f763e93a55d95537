import Geometry

/// A text a render will set, for system font fallback: its characters and
/// weight decide which installed fonts are needed.
public struct TextSample: Sendable, Hashable {
    public var text: String
    public var weight: FontWeight

    public init(text: String, weight: FontWeight) {
        self.text = text
        self.weight = weight
    }
}

/// The last step of font fallback, done once when the library is built (so
/// layout stays a pure function of the library): every character no loaded
/// face has — and every emoji no colour face has — is looked up among the
/// installed fonts through fontconfig, and the faces found are loaded.
enum SystemFallback {
    /// A loaded installed face and the weight class it was asked for.
    struct Face: Sendable {
        var index: Int
        var weight: Int
    }

    /// Loads, per weight (lightest first), the installed faces that cover
    /// what the loaded ones lack: colour emoji first, then outlines, each
    /// time the face fontconfig ranks best for the most of what is still
    /// missing, until nothing is or no font helps (at most 8 per kind).
    static func load(for samples: [TextSample], into loader: inout FontLoader) -> [Face] {
        var found: [Face] = []
        var tried = loader.files.map(\.path)
        let weights = Array(Set(samples.map(\.weight.weightClass))).sorted()
        for weight in weights {
            let texts = samples.filter { $0.weight.weightClass == weight }.map(\.text)
            for emoji in [true, false] {
                var remaining = lacking(texts, emoji: emoji, faces: loader.faces)
                var rounds = 0
                while !remaining.isEmpty && rounds < 8 {
                    rounds += 1
                    guard let match = SystemFonts.best(covering: remaining, weight: weight, emoji: emoji,
                                                       language: SystemFonts.language(for: remaining),
                                                       excluding: tried) else { break }
                    tried.append(match.path)
                    let opened = loader.load(match.family, match.path, origin: .system, only: match.index)
                    found += opened.map { Face(index: $0, weight: weight) }
                    let faces = opened.map { loader.faces[$0] }
                    remaining.removeAll { s in faces.contains { $0.glyph(for: Unicode.Scalar(s)!) != nil } }
                }
            }
        }
        loader.failures.removeAll()   // an unusable installed file is skipped, not an error
        return found
    }

    /// The visible scalars (sorted, once each) of the characters of `texts`
    /// that no face in `faces` sets: with `emoji`, those of characters asking
    /// for colour that no colour face has; else those no face has at all.
    static func lacking(_ texts: [String], emoji: Bool, faces: [FontFace]) -> [UInt32] {
        var result = Set<UInt32>()
        for text in texts {
            for ch in text {
                let scalars = ch.unicodeScalars.map(\.value)
                if emoji && !FaceChoice.wantsColor(scalars) { continue }
                let candidates = emoji ? faces.filter(\.isColor) : faces
                if FaceChoice.face(for: scalars, in: candidates, previous: nil) == nil {
                    for s in ch.unicodeScalars where !s.properties.isDefaultIgnorableCodePoint
                        && s.properties.generalCategory != .control { result.insert(s.value) }
                }
            }
        }
        return result.sorted()
    }
}

extension FontLibrary {
    /// Whether some character of `samples` is one this library's faces lack
    /// (or an emoji no colour face has), so system fallback would look.
    public func needsSystemFonts(for samples: [TextSample]) -> Bool {
        let texts = samples.map(\.text)
        return !SystemFallback.lacking(texts, emoji: true, faces: faces).isEmpty
            || !SystemFallback.lacking(texts, emoji: false, faces: faces).isEmpty
    }

    /// An installed font that has the most of `characters`, as "family
    /// (path)", to name in a missing-glyph warning; nil when fontconfig
    /// knows none.
    public static func installedFont(for characters: [Character]) -> String? {
        let scalars = Array(Set(characters.flatMap { $0.unicodeScalars.map(\.value) })).sorted()
        guard let match = SystemFonts.best(covering: scalars, weight: 400, emoji: false,
                                           language: SystemFonts.language(for: scalars)) else { return nil }
        return "\(match.family) (\(match.path))"
    }
}
