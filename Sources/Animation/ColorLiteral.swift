import Geometry

/// The colour spellings of the scene format — `#RGB`, `#RRGGBB`,
/// `#RRGGBBAA` and SwiftUI's names — as expressions' quoted literals use them.
public enum ColorLiteral {
    /// iOS light-mode system colours, as the format fixes them (sRGB).
    public static let names: [(name: String, color: Color)] = [
        ("white", .white), ("black", .black), ("clear", .clear),
        ("gray", hex(0x8E8E93)), ("red", hex(0xFF3B30)), ("orange", hex(0xFF9500)),
        ("yellow", hex(0xFFCC00)), ("green", hex(0x34C759)), ("mint", hex(0x00C7BE)),
        ("teal", hex(0x30B0C7)), ("cyan", hex(0x32ADE6)), ("blue", hex(0x007AFF)),
        ("indigo", hex(0x5856D6)), ("purple", hex(0xAF52DE)), ("pink", hex(0xFF2D55)),
        ("brown", hex(0xA2845E)),
    ]

    /// An opaque colour from 0xRRGGBB.
    public static func hex(_ v: UInt32) -> Color {
        Color(r: Double(v >> 16 & 0xFF) / 255, g: Double(v >> 8 & 0xFF) / 255, b: Double(v & 0xFF) / 255)
    }

    /// The colour `text` spells, or nil.
    public static func parse(_ text: String) -> Color? {
        if let named = names.first(where: { $0.name == text }) { return named.color }
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", [4, 7, 9].contains(scalars.count) else { return nil }
        var digits: [UInt32] = []
        for s in scalars.dropFirst() {
            switch s {
            case "0"..."9": digits.append(s.value - 48)
            case "a"..."f": digits.append(s.value - 87)
            case "A"..."F": digits.append(s.value - 55)
            default: return nil
            }
        }
        func channel(_ i: Int) -> Double {
            digits.count == 3 ? Double(digits[i] * 17) / 255 : Double(digits[2 * i] * 16 + digits[2 * i + 1]) / 255
        }
        return Color(r: channel(0), g: channel(1), b: channel(2), a: digits.count == 8 ? channel(3) : 1)
    }
}
