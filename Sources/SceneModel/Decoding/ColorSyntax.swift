import Geometry

/// The colour spellings of the scene format: hex and SwiftUI's names.
enum ColorSyntax {
    /// iOS light-mode system colours, as the format fixes them.
    static let names: [(String, Color)] = [
        ("white", .white), ("black", .black), ("clear", .clear),
        ("gray", hex(0x8E8E93)), ("red", hex(0xFF3B30)), ("orange", hex(0xFF9500)),
        ("yellow", hex(0xFFCC00)), ("green", hex(0x34C759)), ("mint", hex(0x00C7BE)),
        ("teal", hex(0x30B0C7)), ("cyan", hex(0x32ADE6)), ("blue", hex(0x007AFF)),
        ("indigo", hex(0x5856D6)), ("purple", hex(0xAF52DE)), ("pink", hex(0xFF2D55)),
        ("brown", hex(0xA2845E)),
    ]

    static func hex(_ v: UInt32) -> Color {
        Color(r: Double(v >> 16 & 0xFF) / 255, g: Double(v >> 8 & 0xFF) / 255, b: Double(v & 0xFF) / 255)
    }

    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name; nil if it is none of them.
    static func parse(_ s: String) -> Color? {
        if let named = names.first(where: { $0.0 == s }) { return named.1 }
        guard s.hasPrefix("#") else { return nil }
        let digits = Array(s.utf8.dropFirst())
        guard [3, 6, 8].contains(digits.count) else { return nil }
        var values: [UInt32] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(d - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(UInt32(d - UInt8(ascii: "a") + 10))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(UInt32(d - UInt8(ascii: "A") + 10))
            default: return nil
            }
        }
        func byte(_ i: Int) -> Double {
            digits.count == 3 ? Double(values[i] * 17) / 255 : Double(values[2 * i] * 16 + values[2 * i + 1]) / 255
        }
        return Color(r: byte(0), g: byte(1), b: byte(2), a: digits.count == 8 ? byte(3) : 1)
    }
}
