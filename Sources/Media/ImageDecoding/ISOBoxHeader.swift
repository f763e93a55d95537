/// The header of an ISO base media file format box (ISO/IEC 14496-12
/// §4.2), which HEIF and AVIF files are made of: a 32-bit size, or 1 and a
/// 64-bit size after the type, or 0 for "to the end"; then the type.
struct ISOBoxHeader {
    var type: String
    /// The whole box's bytes as claimed, header included (nil: to the end).
    var size: UInt64?
    /// The header's own bytes: 8, or 16 with a 64-bit size.
    var length: Int

    /// The header at `offset`, nil when fewer bytes than it needs remain before `end`.
    init?(_ bytes: [UInt8], at offset: Int, end: Int) {
        guard end - offset >= 8 else { return nil }
        func number(_ at: Int, _ count: Int) -> UInt64 { bytes[at..<at + count].reduce(0) { $0 << 8 | UInt64($1) } }
        type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        switch number(offset, 4) {
        case 0: size = nil; length = 8
        case 1:
            guard end - offset >= 16 else { return nil }
            size = number(offset + 8, 8); length = 16
        case let small: size = small; length = 8
        }
    }
}
