import Foundation
import Media
import Pixels
import Raster

/// The pictures a golden manifest keeps beside its digests, to compare a
/// frame whose digest changed and to show it: a thumbnail of every frame,
/// all in one `FrameStrip`, and full frames about once a second, each a
/// `FrameArchive`, as many as fit `maxBytes`.
///
/// Thumbnails fit `thumbnailSide` pixels (frames that small are their own
/// thumbnails, and then no full frame is kept); full frames are thinned
/// evenly — every second one, then every fourth … — until the references
/// fit, so they stay spread over the whole scene.
public enum GoldenReferences {
    public static let thumbnailsFile = "thumbnails.strip"
    /// The longer side of a thumbnail, in pixels.
    public static let thumbnailSide = 64
    /// What the references of one manifest may take on disk, in bytes
    /// (thumbnails beyond it are kept all the same; full frames are not).
    public static let maxBytes = 4 << 20
    /// zstd levels: the strip is written once and read rarely; full frames
    /// are large, and a higher level costs seconds each.
    static let stripLevel: Int32 = 12
    static let frameLevel: Int32 = 6

    /// What a manifest has of its frames.
    public struct Layout: Sendable, Equatable {
        /// The size of every thumbnail, in pixels.
        public var thumbnailWidth: Int
        public var thumbnailHeight: Int
        /// The frames kept in full, by increasing frame number.
        public var fullFrames: [Int]
    }

    /// The thumbnail size of a `width` × `height` frame: the frame's own
    /// size when it fits `thumbnailSide`, else scaled to fit (each side at least 1).
    public static func thumbnailSize(width: Int, height: Int) -> (width: Int, height: Int) {
        guard max(width, height) > thumbnailSide else { return (width, height) }
        let scale = Double(thumbnailSide) / Double(max(width, height))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The thumbnail of `frame`, by area averaging (`Bitmap.resized`).
    static func thumbnail(_ frame: Bitmap, _ layout: Layout) -> Bitmap {
        frame.resized(width: layout.thumbnailWidth, height: layout.thumbnailHeight)
    }

    /// `frame_00060.zst`.
    public static func fullFrameFile(_ frame: Int) -> String {
        String(PNGSequenceWriter.fileName(forFrame: frame).dropLast(4)) + ".zst"
    }

    /// The candidates kept: every one, else every second, fourth … of them
    /// (the first always among them), the first spacing whose total with
    /// `thumbnailBytes` fits `maxBytes`; none when not even one fits.
    static func thin<T>(_ candidates: [(frame: Int, bytes: T)], size: (T) -> Int, thumbnailBytes: Int) -> [(frame: Int, bytes: T)] {
        var step = 1
        while step <= candidates.count {
            let kept = stride(from: 0, to: candidates.count, by: step).map { candidates[$0] }
            if thumbnailBytes + kept.reduce(0, { $0 + size($1.bytes) }) <= maxBytes { return kept }
            step *= 2
        }
        return []
    }

    /// The thumbnails of the manifest in `folder`, in the order of its frames.
    static func thumbnails(in folder: String, _ manifest: GoldenManifest) throws(VerifyError) -> [Bitmap] {
        let path = (folder as NSString).appendingPathComponent(thumbnailsFile)
        let thumbnails: [Bitmap]
        do {
            thumbnails = try FrameStrip.decode(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        } catch let error as MediaError {
            if case .cannotDecode(_, let reason) = error { throw .referencesDamaged(path: path, reason: reason) }
            throw .referencesDamaged(path: path, reason: error.description)
        } catch {
            throw .referencesDamaged(path: path, reason: FileManager.default.fileExists(atPath: path) ? "cannot be read" : "missing")
        }
        let layout = manifest.references
        guard thumbnails.count == manifest.frames.count,
              thumbnails.first.map({ ($0.width, $0.height) == (layout.thumbnailWidth, layout.thumbnailHeight) }) ?? true else {
            throw .referencesDamaged(path: path, reason: "holds \(thumbnails.count) thumbnails of "
                                     + "\(thumbnails.first.map { "\($0.width)×\($0.height)" } ?? "no size"); the manifest records "
                                     + "\(manifest.frames.count) of \(layout.thumbnailWidth)×\(layout.thumbnailHeight)")
        }
        return thumbnails
    }

    /// The full frame `frame` of the manifest in `folder`.
    static func fullFrame(_ frame: Int, in folder: String, _ settings: GoldenSettings) throws(VerifyError) -> Bitmap {
        let path = (folder as NSString).appendingPathComponent(fullFrameFile(frame))
        guard let bytes = FileManager.default.contents(atPath: path) else { throw .referencesDamaged(path: path, reason: "missing") }
        guard let bitmap = FrameArchive.decode([UInt8](bytes), width: settings.pixelWidth, height: settings.pixelHeight) else {
            throw .referencesDamaged(path: path, reason: "not a complete frame of \(settings.pixelWidth)×\(settings.pixelHeight) pixels")
        }
        return bitmap
    }
}
