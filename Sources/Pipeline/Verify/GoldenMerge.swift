import Foundation
import Media
import Pixels

/// Joins the manifests that the shards of one scene recorded
/// (`reel verify --record --shard K/N`) into the manifest of the whole
/// scene, as if one process had recorded it: the same settings, every
/// selected frame once, thumbnails in frame order, full frames thinned
/// again to the size cap.
public enum GoldenMerge {
    /// Merges the golden folders `parts` into `folder` and returns the manifest written.
    /// - Throws: `.verify(.cannotMerge)` for parts of other scenes or
    ///   settings, a frame recorded twice with different digests, or frames
    ///   no part has; a part's own problems as `.verify`; `.output` when
    ///   the folder cannot be written.
    public static func merge(_ parts: [String], into folder: String) throws(RenderError) -> GoldenManifest {
        do {
            return try merged(parts, into: folder)
        } catch let error as VerifyError {
            throw .verify(error)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: folder, reason: "\(error)"))
        }
    }

    private static func merged(_ parts: [String], into folder: String) throws -> GoldenManifest {
        var manifests: [GoldenManifest] = []
        for part in parts { manifests.append(try GoldenManifest.read(GoldenManifest.path(in: part))) }
        guard let first = manifests.first else { throw VerifyError.cannotMerge(path: folder, reason: "no manifests to merge") }
        let firstPath = GoldenManifest.path(in: parts[0])
        var frames: [Int: (frame: GoldenManifest.Frame, part: Int, index: Int)] = [:]
        for (p, manifest) in manifests.enumerated() {
            let path = GoldenManifest.path(in: parts[p])
            guard manifest.scene == first.scene, manifest.row == first.row else {
                throw VerifyError.cannotMerge(path: path, reason: "it records \(manifest.scene), \(firstPath) \(first.scene)")
            }
            let differences = first.settings.differences(from: manifest.settings)
            guard differences.isEmpty else {
                throw VerifyError.cannotMerge(path: path, reason: "recorded with other settings than \(firstPath): "
                                              + differences.map(\.description).joined(separator: "; "))
            }
            for (i, frame) in manifest.frames.enumerated() {
                if let other = frames[frame.frame], other.frame.digest != frame.digest {
                    throw VerifyError.cannotMerge(path: path, reason: "frame \(frame.frame) differs from the one in "
                                                  + GoldenManifest.path(in: parts[other.part]))
                }
                frames[frame.frame] = (frame, p, i)
            }
        }
        let s = first.settings
        let expected = Array(stride(from: s.first, through: s.last, by: s.every))
        let missing = expected.filter { frames[$0] == nil }
        guard missing.isEmpty else {
            throw VerifyError.cannotMerge(path: folder, reason: "frames \(VerifyError.ranges(VerifyError.ranges(of: missing))) are in none of the manifests")
        }
        var thumbnails: [[Bitmap]] = []
        var candidates: [(frame: Int, bytes: [UInt8])] = []
        for (p, manifest) in manifests.enumerated() {
            thumbnails.append(try GoldenReferences.thumbnails(in: parts[p], manifest))
            for frame in manifest.references.fullFrames {
                let path = (parts[p] as NSString).appendingPathComponent(GoldenReferences.fullFrameFile(frame))
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    throw VerifyError.referencesDamaged(path: path, reason: "missing")
                }
                candidates.append((frame, [UInt8](bytes)))
            }
        }
        let ordered = expected.map { frames[$0]! }
        var base = first
        base.shard = nil
        var seen = Set<Int>()
        candidates = candidates.sorted { $0.frame < $1.frame }.filter { seen.insert($0.frame).inserted }
        return try GoldenRecording.write(base, frames: ordered.map(\.frame), thumbnails: ordered.map { thumbnails[$0.part][$0.index] },
                                         candidates: candidates, layout: first.references, to: folder)
    }
}
