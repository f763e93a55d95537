import Foundation
import Media
import Pixels

/// One scene's frames as they are rendered, gathered into a golden
/// manifest and its references (`GoldenReferences`), then written.
struct GoldenRecording {
    private(set) var frames: [GoldenManifest.Frame] = []
    private var thumbnails: [Bitmap] = []
    /// Compressed full frames, about one a second of the scene.
    private var candidates: [(frame: Int, bytes: [UInt8])] = []
    private let layout: GoldenReferences.Layout
    private let fullEvery: Int
    private let keepsFull: Bool

    /// For frames of `width` × `height` pixels at `fps`.
    init(width: Int, height: Int, fps: Double) {
        let size = GoldenReferences.thumbnailSize(width: width, height: height)
        layout = .init(thumbnailWidth: size.width, thumbnailHeight: size.height, fullFrames: [])
        keepsFull = size != (width, height)
        fullEvery = max(1, Int(fps.rounded()))
    }

    /// Adds the next frame, its number, time and digest.
    mutating func add(frame: Int, time: Double, _ bitmap: Bitmap, digest: String) throws {
        frames.append(.init(frame: frame, time: time, digest: digest))
        thumbnails.append(GoldenReferences.thumbnail(bitmap, layout))
        if keepsFull, frame % fullEvery == 0 {
            candidates.append((frame, try FrameArchive.encode(bitmap, level: GoldenReferences.frameLevel)))
        }
    }

    /// Writes the manifest `base` with these frames into `folder`: the
    /// references first and the manifest last, each file whole or not at
    /// all; full frames of an earlier recording that this one does not keep
    /// are removed. Returns the manifest written.
    func write(_ base: GoldenManifest, to folder: String) throws -> GoldenManifest {
        try Self.write(base, frames: frames, thumbnails: thumbnails, candidates: candidates, layout: layout, to: folder)
    }

    /// `write` for frames gathered elsewhere (`GoldenMerge`).
    static func write(_ base: GoldenManifest, frames: [GoldenManifest.Frame], thumbnails: [Bitmap],
                      candidates: [(frame: Int, bytes: [UInt8])], layout: GoldenReferences.Layout, to folder: String) throws -> GoldenManifest {
        let strip = try FrameStrip.encode(thumbnails, level: GoldenReferences.stripLevel)
        let kept = GoldenReferences.thin(candidates, size: \.count, thumbnailBytes: strip.count)
        var manifest = base
        manifest.frames = frames
        manifest.references = layout
        manifest.references.fullFrames = kept.map(\.frame)
        let files = (folder as NSString)
        try OutputFile.makeFolder(for: GoldenManifest.path(in: folder))
        try OutputFile.write(strip, to: files.appendingPathComponent(GoldenReferences.thumbnailsFile))
        for (frame, bytes) in kept { try OutputFile.write(bytes, to: files.appendingPathComponent(GoldenReferences.fullFrameFile(frame))) }
        let keep = Set(kept.map { GoldenReferences.fullFrameFile($0.frame) })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix("frame_") && name.hasSuffix(".zst") && !keep.contains(name) {
            try? FileManager.default.removeItem(atPath: files.appendingPathComponent(name))
        }
        try OutputFile.write(Array(manifest.text.utf8), to: GoldenManifest.path(in: folder))
        return manifest
    }
}
