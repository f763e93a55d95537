/// "Did you mean …?" hints for misspelt keys and names.
enum Suggestion {
    /// The candidate closest to `word` by Levenshtein distance, if it is close
    /// enough to be a plausible typo (at most a third of the word's length, ≥ 1).
    static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for c in candidates {
            let d = distance(Array(word.lowercased().unicodeScalars), Array(c.lowercased().unicodeScalars))
            if d <= limit && (best == nil || d < best!.1) { best = (c, d) }
        }
        return best?.0
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
