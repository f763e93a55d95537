import CFriBidi

/// The Unicode Bidirectional Algorithm (UAX #9) for one paragraph, by
/// FriBidi: each character's embedding level (even = left-to-right, odd =
/// right-to-left) and the paragraph's direction, taken from its first strong
/// character (rules P2–P3; left-to-right when it has none). Brackets are
/// paired (rule N0), as FriBidi ≥ 1.0 does with bracket types.
struct BidiLevels {
    var levels: [UInt8]
    var rightToLeft: Bool

    init(_ text: [UInt32]) {
        let n = text.count
        guard n > 0 else { levels = []; rightToLeft = false; return }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var brackets = [FriBidiBracketType](repeating: FriBidiBracketType(0), count: n)
        var raw = [FriBidiLevel](repeating: 0, count: n)
        var direction = reel_fribidi_par_auto()
        text.withUnsafeBufferPointer { t in
            fribidi_get_bidi_types(t.baseAddress, FriBidiStrIndex(n), &types)
            fribidi_get_bracket_types(t.baseAddress, FriBidiStrIndex(n), types, &brackets)
        }
        let ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(n), &direction, &raw)
        rightToLeft = direction == reel_fribidi_par_rtl()
        levels = ok == 0 ? [UInt8](repeating: 0, count: n) : raw.map { UInt8(clamping: Int($0)) }
        if ok == 0 { rightToLeft = false }
    }

    /// Rule L2 over runs of one level each: from the highest level down to
    /// the lowest odd one, every maximal sequence of runs at that level or
    /// higher is reversed. Returns the runs' indices in visual order.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count && levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
