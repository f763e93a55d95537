/// A batch's rows split into N shards for `reel batch --shard K/N` and
/// `reel plan --data`: each shard renders whole rows, so every row's output
/// (and its manifest) is written exactly as an unsharded batch writes it.
///
/// The rule: N contiguous groups of rows, each at least one row, whose
/// largest frame total is as small as it can be (found by bisection over
/// that total); with the smallest such total fixed, each group takes rows in
/// order while they fit and leave a row for every later group. Contiguous
/// groups keep a shard's rows a plain range of the data file, and depend
/// only on the rows' frame counts, so every machine computes the same split.
public struct RowShards: Sendable, Equatable {
    /// Row positions (0-based, in data-file order) of each shard.
    public let groups: [Range<Int>]

    /// Splits rows of `frames[i]` frames into `shards` groups; nil when
    /// there are fewer rows than shards (`PlanError.tooManyRowShards`).
    public init?(frames: [Int], shards: Int) {
        guard shards >= 1, shards <= frames.count else { return nil }
        var low = frames.max()!, high = frames.reduce(0, +)
        while low < high {
            let mid = (low + high) / 2
            if Self.groupsNeeded(frames, cap: mid) <= shards { high = mid } else { low = mid + 1 }
        }
        var groups: [Range<Int>] = [], start = 0
        for g in 0..<shards {
            var end = start + 1, total = frames[start]
            let later = shards - g - 1
            if g == shards - 1 {
                end = frames.count
            } else {
                while end < frames.count - later, total + frames[end] <= low {
                    total += frames[end]
                    end += 1
                }
            }
            groups.append(start..<end)
            start = end
        }
        self.groups = groups
    }

    /// How many groups of at most `cap` frames the rows need, filled in order.
    private static func groupsNeeded(_ frames: [Int], cap: Int) -> Int {
        var count = 1, total = 0
        for f in frames {
            if total + f > cap { count += 1; total = 0 }
            total += f
        }
        return count
    }
}
