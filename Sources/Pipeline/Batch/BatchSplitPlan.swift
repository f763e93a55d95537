/// The row table of a batch split N ways, as `reel plan --data` prints it:
/// the rows, frames and outputs each `reel batch --shard K/N` renders, so a
/// job spec can be checked before it runs.
public struct BatchSplitPlan: Sendable, Encodable {
    public struct Part: Sendable, Encodable, Equatable {
        /// K of `--shard K/N`.
        public var shard: Int
        /// Row numbers (from 1, as the batch summary counts them), the rows' ids
        /// (nil without an id column) and their outputs, in data-file order.
        public var rows: [Int]
        public var ids: [String?]
        public var outputs: [String]
        /// Frames of the shard's outputs together.
        public var frames: Int
    }

    public var scene: String
    public var data: String
    public var shards: Int
    /// Rows and frames of the whole batch.
    public var rows: Int
    public var frames: Int
    public var table: [Part]

    /// The split of `job`'s rows (with its settings and parameters) into `shards` shards.
    public init(_ job: BatchJob, shards: Int) throws(RenderError) {
        let (decoded, problems, _) = try BatchRows.decode(job)
        guard problems.isEmpty else { throw .invalidRows(problems.map(\.text)) }
        let split = try BatchRows.split(decoded, job, shards: shards)
        scene = job.scenePath
        data = job.dataPath
        self.shards = shards
        rows = decoded.count
        frames = decoded.reduce(0) { $0 + $1.frames }
        table = split.groups.enumerated().map { k, group in
            let rows = decoded[group]
            return Part(shard: k, rows: rows.map(\.data.number), ids: rows.map(\.data.id), outputs: rows.map(\.output),
                         frames: rows.reduce(0) { $0 + $1.frames })
        }
    }
}
