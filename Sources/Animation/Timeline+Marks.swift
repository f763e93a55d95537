/// Where the timeline changes something, for a scrubber to mark.
extension Timeline {
    /// The instants (seconds, within one `loop` when looping) at which a
    /// variable starts moving or jumps — an event's `at` plus its animation's
    /// delay — ascending, each once. Events that never happen (past `loop`)
    /// have none.
    public var marks: [Double] {
        var starts: [Double] = []
        for case let .animated(_, _, trackStarts, _) in tracks { starts += trackStarts }
        var marks: [Double] = []
        for t in starts.sorted() where marks.last != t { marks.append(t) }
        return marks
    }
}
