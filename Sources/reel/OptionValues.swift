import Pipeline

extension Command {
    /// A canvas scale override: pixels per point, > 0 and ≤ 16.
    static func parseScale(_ s: String) throws(ReelError) -> Double {
        guard let v = Double(s), v.isFinite, v > 0, v <= 16 else {
            throw .usage("--scale expects pixels per point, more than 0 and at most 16, found '\(s)'")
        }
        return v
    }

    /// "A-B" (inclusive) or "A".
    static func parseFrames(_ s: String) throws(ReelError) -> ClosedRange<Int> {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { Int($0) }
        switch numbers.count {
        case 1 where numbers[0] != nil && numbers[0]! >= 0:
            return numbers[0]!...numbers[0]!
        case 2 where numbers[0] != nil && numbers[1] != nil && numbers[0]! >= 0 && numbers[0]! <= numbers[1]!:
            return numbers[0]!...numbers[1]!
        default:
            throw .usage("--frames expects A-B with 0 ≤ A ≤ B (or one frame number), found '\(s)'")
        }
    }

    /// "K/N" with 0 ≤ K < N, as a job array or indexed job gives it:
    /// `--shard "$SLURM_ARRAY_TASK_ID/4"`.
    static func parseShard(_ s: String) throws(ReelError) -> Shard {
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), let shard = Shard(index: k, of: n) { return shard }
        let hint = s.hasPrefix("/") ? " (is the index variable set?)" : ""
        throw .usage("--shard expects K/N with 0 ≤ K < N, e.g. \"$SLURM_ARRAY_TASK_ID/4\", found '\(s)'\(hint)")
    }
}
