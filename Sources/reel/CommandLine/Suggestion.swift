import Animation

/// "Did you mean …?" for the command line: commands, options and values.
enum Suggestion {
    /// " (did you mean 'x'?)", or "" when nothing is close.
    static func phrase(for word: String, in candidates: [String]) -> String {
        NameSuggestion.closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
