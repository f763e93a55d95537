import CFontconfig
import Foundation

/// Installed fonts, found through fontconfig by the characters they cover:
/// the last step of font fallback, and the hint in a missing-glyph warning.
///
/// What fontconfig finds depends on the machine, so every file used is
/// reported (summary, `reel info`) and digested into the frame cache key.
/// The language is always given (never taken from the locale), so the same
/// fonts installed give the same choice in every environment.
enum SystemFonts {
    /// One installed font file and face.
    struct Match: Sendable, Equatable {
        var path: String
        var index: Int
        var family: String
        /// How many of the asked-for characters it has.
        var covered: Int
    }

    /// fontconfig's configuration is process-wide: calls are serialised (a
    /// plain lock: `Locked<()>`'s zero-sized value makes ThreadSanitizer
    /// report its inout access as a race on the lock itself).
    static let lock = NSLock()

    /// The installed face with the most of `scalars`, fontconfig's order
    /// breaking ties (its ranking by weight, language and family); nil when
    /// none has any. `emoji` asks for the `emoji` family (colour fonts);
    /// `excluding` lists files already tried.
    static func best(covering scalars: [UInt32], weight: Int, emoji: Bool, language: String,
                     excluding: [String] = []) -> Match? {
        guard !scalars.isEmpty else { return nil }
        return lock.withLock { () -> Match? in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            let charset = FcCharSetCreate()
            for s in scalars { FcCharSetAddChar(charset, s) }
            FcPatternAddCharSet(pattern, reel_fc_charset(), charset)
            FcCharSetDestroy(charset)
            addString(pattern, reel_fc_lang(), language)
            if emoji {
                addString(pattern, reel_fc_family(), "emoji")
                FcPatternAddBool(pattern, reel_fc_color(), 1)
            }
            FcPatternAddInteger(pattern, reel_fc_weight(), FcWeightFromOpenType(Int32(weight)))
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
            defer { FcFontSetDestroy(set) }
            var best: Match?
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], let path = string(font, reel_fc_file()),
                      !excluding.contains(path) else { continue }
                var color: FcBool = 0
                if emoji && (FcPatternGetBool(font, reel_fc_color(), 0, &color) != FcResultMatch || color == 0) { continue }
                var fcs: OpaquePointer?
                guard FcPatternGetCharSet(font, reel_fc_charset(), 0, &fcs) == FcResultMatch, let fcs else { continue }
                let covered = scalars.reduce(0) { $0 + (FcCharSetHasChar(fcs, $1) != 0 ? 1 : 0) }
                guard covered > (best?.covered ?? 0) else { continue }
                var index: Int32 = 0
                _ = FcPatternGetInteger(font, reel_fc_index(), 0, &index)
                best = Match(path: path, index: Int(index), family: string(font, reel_fc_family()) ?? "", covered: covered)
                if covered == scalars.count { break }
            }
            return best
        }
    }

    /// The language to ask for: Japanese when there is kana, Korean for
    /// hangul, Chinese (simplified) for other Han, else English.
    static func language(for scalars: [UInt32]) -> String {
        if scalars.contains(where: { (0x3040...0x30FF).contains($0) || (0x31F0...0x31FF).contains($0) }) { return "ja" }
        if scalars.contains(where: { (0xAC00...0xD7AF).contains($0) || (0x1100...0x11FF).contains($0) }) { return "ko" }
        if scalars.contains(where: { (0x4E00...0x9FFF).contains($0) || (0x3400...0x4DBF).contains($0) }) { return "zh-cn" }
        return "en"
    }

    static func addString(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>, _ value: String) {
        value.withCString { c in
            c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { _ = FcPatternAddString(pattern, object, $0) }
        }
    }

    static func string(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
