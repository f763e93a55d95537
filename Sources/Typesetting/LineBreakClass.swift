/// The few line-breaking classes of UAX #14 that Reel's greedy breaker
/// needs: spaces break (except the no-break ones), and a line may also break
/// between two ideographic characters (Han, kana, CJK symbols and
/// full-width forms, emoji: class ID), except before closing punctuation and
/// small kana or the prolonged sound mark (classes CL, NS, CJ: kinsoku) and
/// after opening punctuation (OP).
enum LineBreakClass {
    /// Spaces that do not allow a break (no-break space, figure space, narrow
    /// no-break space).
    private static let noBreakSpaces: Set<UInt32> = [0x00A0, 0x2007, 0x202F]

    static func isBreakSpace(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        return s == " " || (v >= 0x80 && s.properties.isWhitespace && !noBreakSpaces.contains(v))
    }

    static func mayBreak(between before: UInt32, and after: UInt32) -> Bool {
        guard isIdeographic(before) || isIdeographic(after) else { return false }
        return !forbidsBreakBefore(after) && !opening.contains(before)
    }

    static func isIdeographic(_ v: UInt32) -> Bool {
        switch v {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x309F, 0x30A0...0x30FF, 0x3100...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return Unicode.Scalar(v)?.properties.isEmojiPresentation ?? false
        }
    }

    /// Closing punctuation, iteration marks, small kana, ー, full-width ! ? , . : ;
    private static let closing: Set<UInt32> = [
        0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301C,
        0x303B, 0x309D, 0x309E, 0x30A0, 0x30FB, 0x30FC, 0x30FD, 0x30FE,
        0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
        0x0021, 0x0029, 0x002C, 0x002E, 0x003A, 0x003B, 0x003F, 0x005D, 0x007D,
    ]
    private static let smallKana: Set<UInt32> = [
        0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
        0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
    ]
    private static let opening: Set<UInt32> = [
        0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62,
        0x0028, 0x005B, 0x007B,
    ]

    private static func forbidsBreakBefore(_ v: UInt32) -> Bool {
        closing.contains(v) || smallKana.contains(v)
    }
}
