import Pixels

/// Writes frames as numbered PNG files in one folder:
/// `frame_00000.png`, `frame_00001.png`, … (more digits past 99999).
///
/// Files are numbered by absolute frame index, starting at `firstFrame`, so a
/// render of frames 120…180 writes `frame_00120.png` onwards. Each file is
/// written atomically, so the unit of completeness is the frame: files
/// written before a failure or `cancel()` are complete and stay; no
/// temporary ever does.
public final class PNGSequenceWriter: FrameSink {
    /// The folder that receives the files.
    public let directory: String
    /// The frame index the next `write` gets.
    public private(set) var nextFrame: Int
    private let level: Int
    private let filter: PNGFilter
    private let strategy: PNGStrategy
    private var isClosed = false

    /// Creates `directory` and missing parents, and checks that files can be
    /// created in it. `level`, `filter` and `strategy` are as in `PNGCodec.encode`.
    public init(directory: String, firstFrame: Int = 0,
                level: Int = PNGCodec.defaultLevel, filter: PNGFilter = PNGCodec.defaultFilter,
                strategy: PNGStrategy = .automatic) throws {
        guard firstFrame >= 0 else {
            throw MediaError.invalidSettings(path: directory, reason: "first frame must be 0 or more, not \(firstFrame)")
        }
        guard (0...9).contains(level) else {
            throw MediaError.invalidSettings(path: directory, reason: "PNG compression level must be 0…9, not \(level)")
        }
        try FileSystem.makeFolders(directory)
        try FileSystem.checkWritableFolder(directory)
        // Once for the whole sequence: searching the folder before every
        // frame would make a long render quadratic in its frame count.
        AtomicOutput.removeLeftovers(folder: directory) { $0.hasPrefix(".frame_") && $0.contains(".png.partial-") }
        self.directory = directory
        self.nextFrame = firstFrame
        self.level = level
        self.filter = filter
        self.strategy = strategy
    }

    /// The file name of frame `index`, e.g. `frame_00042.png`.
    public static func fileName(forFrame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The path the frame with absolute index `index` is written to.
    public func path(forFrame index: Int) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName(forFrame: index)
    }

    public func write(_ frame: Bitmap) throws {
        let path = path(forFrame: nextFrame)
        guard !isClosed else { throw MediaError.outputClosed(path: path) }
        do {
            let bytes = try PNGCodec.encode(frame, level: level, filter: filter, strategy: strategy, name: path)
            try AtomicOutput.write(bytes, to: path, removingLeftovers: false)
        } catch {
            isClosed = true
            throw error
        }
        nextFrame += 1
    }

    /// Nothing to complete, as each frame was finished when written; after
    /// this the writer takes no more frames.
    public func finish() throws {
        guard !isClosed else { throw MediaError.outputClosed(path: directory) }
        isClosed = true
    }

    /// Stops taking frames. No temporary can remain (each `write` cleans up
    /// its own), and frames already written are complete files, so they stay.
    public func cancel() {
        isClosed = true
    }
}
