/// What a chunk of a split render says about itself, stored as one
/// container metadata tag (`reel_chunk`) so `ChunkJoin` can check that the
/// parts it is given belong together before copying a byte.
///
/// MP4 and QuickTime keep it in the `moov`'s `meta` box (the muxers'
/// `use_metadata_tags`), WebM as a Matroska tag; all three read it back
/// under the same key (Matroska upper-cases it, and FFmpeg's lookup ignores
/// case). The value is `key=value` pairs joined by `;`, e.g.
/// `part=1/4;frames=120+120/480;scene=…;parameters=…;settings=mp4 …`, and
/// `;sound=N` when the render has sound: N samples at 48 kHz, which chunk 0
/// carries for the whole joined video.
public struct ChunkTag: Equatable, Sendable {
    /// The metadata key.
    public static let key = "reel_chunk"

    /// K of K/N, from 0.
    public var part: Int
    /// N of K/N.
    public var parts: Int
    /// The chunk's first frame, as a position in the whole joined video
    /// (0 for the first chunk), its frame count, and the whole video's.
    public var first: Int
    public var count: Int
    public var total: Int
    /// SHA-256 of the scene (its file and assets), hex.
    public var scene: String
    /// What else chose the frames: the frame selection and any template
    /// parameters, as text; equal for every part of one render.
    public var parameters: String
    /// The encoding: container, codec, size, rate, quality, speed, GOP, as text.
    public var settings: String
    /// Samples (48 kHz) of the joined video's sound, all in chunk 0; 0 for none.
    public var sound: Int

    public init(part: Int, parts: Int, first: Int, count: Int, total: Int,
                scene: String, parameters: String, settings: String, sound: Int = 0) {
        self.part = part
        self.parts = parts
        self.first = first
        self.count = count
        self.total = total
        self.scene = scene
        self.parameters = parameters
        self.settings = settings
        self.sound = sound
    }

    /// The frames of the joined video the chunk holds.
    public var frames: Range<Int> { first..<first + count }

    /// The tag's value.
    public var value: String {
        "part=\(part)/\(parts);frames=\(first)+\(count)/\(total);scene=\(scene);parameters=\(parameters);settings=\(settings)"
            + (sound > 0 ? ";sound=\(sound)" : "")
    }

    /// The tag as a (key, value) pair for a writer's `tags`.
    public var pair: (String, String) { (Self.key, value) }

    /// Reads a value written by `value`; nil for anything else. Parameters and
    /// settings may hold any character but `;`.
    public init?(value: String) {
        var fields: [Substring: Substring] = [:]
        for field in value.split(separator: ";") {
            guard let equals = field.firstIndex(of: "=") else { return nil }
            fields[field[..<equals]] = field[field.index(after: equals)...]
        }
        func numbers(_ text: Substring?, _ separators: [Character]) -> [Int]? {
            guard let text else { return nil }
            let values = text.split(whereSeparator: { separators.contains($0) }).map { Int($0) }
            return values.contains(nil) ? nil : values.map { $0! }
        }
        guard let part = numbers(fields["part"], ["/"]), part.count == 2,
              let frames = numbers(fields["frames"], ["+", "/"]), frames.count == 3,
              let scene = fields["scene"], let parameters = fields["parameters"], let settings = fields["settings"]
        else { return nil }
        var sound = 0
        if let text = fields["sound"] {
            guard let n = Int(text), n > 0 else { return nil }
            sound = n
        }
        self.init(part: part[0], parts: part[1], first: frames[0], count: frames[1], total: frames[2],
                  scene: String(scene), parameters: String(parameters), settings: String(settings), sound: sound)
    }
}
