/// Where the timeline changes something, for a scrubber to mark.
extension Timeline {
    /// The instants (seconds; within the first pass when looping, as every
    /// pass repeats them) at which a variable starts moving or jumps — an
    /// event's `at` plus its animation's delay — ascending, each once.
    public var marks: [Double] {
        var starts: [Double] = []
        for case let .animated(_, _, trackStarts, _, _) in tracks { starts += trackStarts }
        var marks: [Double] = []
        for t in starts.sorted() where marks.last != t && t < (loop ?? .infinity) { marks.append(t) }
        return marks
    }
}
