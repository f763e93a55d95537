import Animation
import Determinism
import SceneModel

/// How a text's characters are counted by range selectors: each
/// character's index in words and in non-space characters (line breaks
/// are not characters), and the totals.
struct TextUnits {
    var characterCount = 0
    /// Per character: the word it is in (a space: the word before it).
    var word: [Int] = []
    /// Per character: its index among the characters that are not spaces
    /// (a space: the next such character's).
    var nonSpace: [Int] = []
    var wordCount = 0
    var nonSpaceCount = 0

    init(_ text: String) {
        var inWord = false
        for ch in text {
            guard !ch.isNewline else { inWord = false; continue }
            let space = ch.isWhitespace
            if space { inWord = false } else if !inWord { inWord = true; wordCount += 1 }
            word.append(max(wordCount - 1, 0))
            nonSpace.append(nonSpaceCount)
            if !space { nonSpaceCount += 1 }
        }
        characterCount = word.count
    }
}

extension TextRange {
    /// How much the range selects each character (index in the text with
    /// line breaks left out), −1…1, as After Effects' range selector does:
    /// the units the range is based on are numbered 0, 1, …; a unit is
    /// selected by the share of [i, i + 1] inside [start, end] + offset
    /// (square), or by the shape's height at i + ½; eased, then scaled by
    /// `amount`, then combined by `mode` with the selection it starts from
    /// (none for add and max, all for the others: all less the range for
    /// subtract and difference, the range for the rest). `lineOf` gives
    /// each character's layout line.
    func amounts(_ counts: TextUnits, lineOf: [Int], lineCount: Int, ctx: TimelineContext) -> [Double] {
        let total: Int
        switch basedOn {
        case .characters: total = counts.characterCount
        case .charactersExcludingSpaces: total = counts.nonSpaceCount
        case .words: total = counts.wordCount
        case .lines: total = lineCount
        }
        let perUnit = units == .index ? 1 : Double(total) / 100
        let endValue = end?.value(in: ctx) ?? (units == .index ? Double(total) : 100)
        let shift = offset.value(in: ctx) * perUnit
        var s = start.value(in: ctx) * perUnit + shift, e = endValue * perUnit + shift
        if s > e { swap(&s, &e) }
        let curve = easing(high: easeHigh.value(in: ctx), low: easeLow.value(in: ctx))
        let smooth = min(max(smoothness.value(in: ctx), 0), 1), scale = amount.value(in: ctx)
        return (0..<counts.characterCount).map { k in
            let i: Int
            switch basedOn {
            case .characters: i = k
            case .charactersExcludingSpaces: i = counts.nonSpace[k]
            case .words: i = counts.word[k]
            case .lines: i = lineOf[k]
            }
            var m = height(Double(i), s, e)
            if shape == .square && smooth < 1 {
                let threshold = 0.5 - smooth / 2
                m = m < threshold ? 0 : min(1, (m - threshold) / max(smooth, 1e-8))
            }
            let selected = curve.value(at: m) * scale
            return mode == .subtract || mode == .difference ? 1 - selected : selected
        }
    }

    /// The shape's height (0…1) for unit `i` of a range from `s` to `e` (units).
    private func height(_ i: Double, _ s: Double, _ e: Double) -> Double {
        if shape == .square { return min(max(min(e, i + 1) - max(s, i), 0), 1) }
        guard e > s else { return shape == .rampUp ? (i >= e ? 1 : 0) : shape == .rampDown ? (i >= e ? 0 : 1) : 0 }
        let along = min(max((i + 0.5 - s) / (e - s), 0), 1)
        switch shape {
        case .square, .rampUp: return along
        case .rampDown: return 1 - along
        case .triangle: return along < 0.5 ? along * 2 : 2 - along * 2
        case .round:
            let x = 2 * along - 1
            return (max(1 - x * x, 0)).squareRoot()
        case .smooth:
            return (1 - DeterministicMath.sinCos(radians: 2 * Double.pi * along).cos) / 2
        }
    }

    /// The ease of a range's ends: After Effects' Ease High and Ease Low as
    /// one cubic Bézier (linear when both are 0).
    private func easing(high: Double, low: Double) -> Curve {
        guard high != 0 || low != 0 else { return .linear }
        let low = min(max(low, -1), 1), high = min(max(high, -1), 1)
        return .cubicBezier(x1: max(low, 0), y1: max(-low, 0), x2: 1 - max(high, 0), y2: 1 + min(high, 0))
    }
}
