import Foundation
import SceneModel

/// What `reel verify --record` keeps of one scene's frames (or one batch
/// row's), in a folder of its own: `manifest.json` with the settings that
/// made the frames and each frame's SHA-256, `thumbnails.strip` with a
/// thumbnail of every frame, and a full frame every so often
/// (`frame_00060.zst`), as `GoldenReferences` chooses them.
///
/// The digest is of the frame's pixels, not of a file: SHA-256 over its
/// premultiplied RGBA bytes, rows top to bottom. For an opaque frame those
/// are the RGBA bytes any PNG decoder gives for the frame's PNG.
///
/// The manifest is JSON, one frame a line, so a change of frames shows as
/// changed lines in a review. A shard's manifest records only its frames
/// (`shard`); `GoldenMerge` joins the shards' manifests into one.
public struct GoldenManifest: Sendable, Equatable {
    /// The format written; a manifest of another is refused.
    public static let format = 1
    public static let fileName = "manifest.json"

    /// The scene file's name (not its path: the manifest moves with the scene).
    public var scene: String
    /// The batch row the frames are of, for a manifest of a data file's row.
    public var row: Row?
    public var settings: GoldenSettings
    /// `RendererIdentity.platform` of the machine that recorded.
    public var platform: String
    /// The tolerance recorded with the manifest: what `reel verify` applies
    /// unless told otherwise.
    public var tolerance: Tolerance
    /// The shard recorded, when the manifest covers one shard's frames.
    public var shard: Shard?
    public var references: GoldenReferences.Layout
    /// The recorded frames, by increasing frame number.
    public var frames: [Frame]

    public struct Row: Sendable, Equatable {
        /// 1-based position in the data file, and the row's `id`.
        public var number: Int
        public var id: String?
    }

    public struct Frame: Sendable, Equatable {
        public var frame: Int
        /// Seconds from the scene's start.
        public var time: Double
        /// SHA-256 of the frame's premultiplied RGBA bytes, 64 hex digits.
        public var digest: String
    }

    /// The path of the manifest file in `folder`.
    public static func path(in folder: String) -> String { (folder as NSString).appendingPathComponent(fileName) }

    /// The position of frame `frame` in `frames` (and of its thumbnail in
    /// the strip), by binary search; nil when it is not recorded.
    func index(of frame: Int) -> Int? {
        var (low, high) = (0, frames.count)
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].frame < frame { low = mid + 1 } else { high = mid }
        }
        return low < frames.count && frames[low].frame == frame ? low : nil
    }

    /// The manifest as JSON text: members in a fixed order, one frame a line.
    public var text: String {
        let f = JSONValue.format
        var s = "{\n"
        s += "  \"reel-golden\": \(Self.format),\n"
        s += "  \"scene\": \(Self.quoted(scene)),\n"
        if let row { s += "  \"row\": {\"number\": \(row.number), \"id\": \(row.id.map(Self.quoted) ?? "null")},\n" }
        let g = settings
        s += "  \"renderer\": {\"version\": \(g.rendererVersion), \"platform\": \(Self.quoted(platform))},\n"
        s += "  \"canvas\": {\"pixelWidth\": \(g.pixelWidth), \"pixelHeight\": \(g.pixelHeight), \"scale\": \(f(g.scale)), "
            + "\"fps\": \(f(g.fps)), \"frameCount\": \(g.frameCount)},\n"
        s += "  \"selection\": {\"first\": \(g.first), \"last\": \(g.last), \"every\": \(g.every)},\n"
        s += "  \"parameters\": {" + g.parameters.map { "\(Self.quoted($0.name)): \(Self.quoted($0.value))" }.joined(separator: ", ") + "},\n"
        s += "  \"systemFonts\": \(g.systemFonts),\n"
        s += "  \"tolerance\": {\"threshold\": \(tolerance.threshold), \"maxShare\": \(f(tolerance.maxShare)), "
            + "\"minPSNR\": \(tolerance.minPSNR.map(f) ?? "null")},\n"
        if let shard { s += "  \"shard\": {\"index\": \(shard.index), \"count\": \(shard.count)},\n" }
        let r = references
        s += "  \"references\": {\"thumbnails\": \(Self.quoted(GoldenReferences.thumbnailsFile)), \"thumbnailWidth\": \(r.thumbnailWidth), "
            + "\"thumbnailHeight\": \(r.thumbnailHeight), \"fullFrames\": [\(r.fullFrames.map(String.init).joined(separator: ", "))]},\n"
        s += "  \"frames\": [\n"
        s += frames.map { "    {\"frame\": \($0.frame), \"time\": \(Self.seconds($0.time)), \"sha256\": \"\($0.digest)\"}" }.joined(separator: ",\n")
        s += "\n  ]\n}\n"
        return s
    }

    /// Seconds to the microsecond, without trailing zeros: `1.033333`, `2`.
    static func seconds(_ t: Double) -> String {
        var s = String(format: "%.6f", t)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// A JSON string (slashes left as they are).
    static func quoted(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: (try? encoder.encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
