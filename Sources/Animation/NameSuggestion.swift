/// "Did you mean …?" for misspelt names.
public enum NameSuggestion {
    /// The candidate closest to `word` by edit distance (case-blind),
    /// if it is close enough to be a plausible typo: at most a third of the
    /// word's length, and at least 1. Ties go to the earlier candidate.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = Swift.max(1, word.unicodeScalars.count / 3)
        let a = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = distance(a, Array(c.lowercased().unicodeScalars))
            if d <= limit && d < (best?.distance ?? Int.max) { best = (c, d) }
        }
        return best?.name
    }

    /// Edits (insertions, deletions, substitutions, and swaps of two
    /// neighbours) that turn `a` into `b`: the optimal string alignment
    /// distance (Damerau's), since a swap — "fsp" for "fps", "titel" for
    /// "title" — is the commonest typo and Levenshtein counts it as two.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1,
                                       previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
