/// Pair kerning from a TrueType 'kern' table, in font units.
///
/// Read once at load so layout can kern without touching FreeType (whose
/// objects need a lock). It follows FreeType's own reader (sfnt/ttkern.c, what
/// `FT_Get_Kerning(…, FT_KERNING_UNSCALED, …)` returns) rule for rule: the
/// 16-bit table version is skipped (so Apple's version-1 tables read as empty),
/// at most 32 subtables, only format-0 horizontal non-minimum subtables, the
/// first entry of a pair in a subtable wins, and subtables add up unless one
/// has the override bit. GPOS kerning is not read (no shaping engine).
struct KerningTable: Sendable, Equatable {
    /// (left glyph << 16 | right glyph) → kerning in font units; no zero entries.
    private(set) var pairs: [UInt32: Int32] = [:]

    init() {}

    /// Parses the raw bytes of a 'kern' table; malformed parts read as absent,
    /// as in FreeType.
    init(kernTable bytes: [UInt8]) {
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        let limit = bytes.count
        guard limit >= 4 else { return }
        var sums: [UInt32: Int32] = [:]
        let tableCount = min(u16(2), 32)
        var p = 4
        for _ in 0..<tableCount {
            guard p + 6 <= limit else { break }
            let length = u16(p + 2), coverage = u16(p + 4)
            guard length > 6 + 8 else { break }
            let next = min(p + length, limit)
            defer { p = next }
            // Format 0 (high byte), horizontal (bit 0) and not minimum (bit 1).
            guard coverage >> 8 == 0, coverage & 3 == 1, p + 6 + 8 <= next else { continue }
            let start = p + 6 + 8
            let pairCount = min(u16(p + 6), (next - start) / 6)
            let overrides = coverage & 8 != 0
            var seen = Set<UInt32>()
            for i in 0..<pairCount {
                let q = start + 6 * i
                let key = UInt32(u16(q)) << 16 | UInt32(u16(q + 2))
                guard seen.insert(key).inserted else { continue }
                let value = Int32(Int16(bitPattern: UInt16(u16(q + 4))))
                sums[key] = overrides ? value : (sums[key] ?? 0) + value
            }
        }
        pairs = sums.filter { $0.value != 0 }
    }

    var isEmpty: Bool { pairs.isEmpty }

    /// Kerning between two glyphs in font units (0 when the pair is absent).
    func kerning(_ left: UInt32, _ right: UInt32) -> Int32 {
        guard !pairs.isEmpty, left <= 0xFFFF, right <= 0xFFFF else { return 0 }
        return pairs[left << 16 | right] ?? 0
    }
}
