import Dispatch
import Foundation
import Locking
import Media

/// One video rendered as N chunks encoded at the same time in one process,
/// joined by stream copy at the end (`reel render --chunks N`).
///
/// x264 runs a fixed thread count (`MP4Writer.encoderThreads`) so its bytes
/// do not depend on the machine; on many cores one encoder, not the drawing,
/// then limits a render. Each chunk here is exactly what `--shard K/N`
/// renders — a `RenderBatch` of one shard request, with its share of the
/// worker threads — written into a hidden folder beside the video, and the
/// parts are joined with `ChunkJoin` as `reel concat` would. The folder is
/// removed afterwards, whatever happened; the video appears only when the
/// join succeeded.
struct ChunkedRender {
    let request: RenderRequest
    let jobs: Int
    let progress: ProgressStyle
    /// Told after each written frame of any chunk: the frames written so
    /// far across all chunks, and the total.
    var onFrame: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    func run() throws(RenderError) {
        guard let video = request.videoPath, let format = request.videoOutputFormat else {
            throw .plan(.chunksNeedVideo, scene: request.scenePath)
        }
        if request.contactSheetPath != nil { throw .plan(.chunksNeedOneRender, scene: request.scenePath) }
        // The plan checks the request (frames, outputs) and gives the GOP and frame count.
        let whole = try RenderPlan(with(request) { $0.chunks = nil; $0.posterPath = nil }, PreparedScene.load(request, sound: false))
        let groups = (whole.frames.count + whole.chunk.gop - 1) / whole.chunk.gop
        let wanted = request.encoders?.resolved(cores: jobs) ?? 1
        let count = request.encoders == .auto ? min(wanted, groups) : wanted

        let (folder, file) = (PathName.folder(of: video), PathName.name(of: video))
        let prefix = (folder.isEmpty ? "" : folder + "/") + ".\(file).chunks-"
        Self.removeLeftovers(prefix: prefix)
        let scratch = prefix + "\(getpid())"
        let name = (file as NSString).deletingPathExtension
        do { try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true) } catch {
            throw .output(.cannotCreateFolder(path: scratch, reason: "\(error.localizedDescription)"))
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let parts = (0..<count).map { k in
            with(request) {
                $0.chunks = nil
                $0.posterPath = nil
                $0.shard = Shard(index: k, of: count)
                $0.videoPath = scratch + "/" + ChunkJoin.fileName(name: name, part: k, of: count, format: format)
            }
        }
        let failures = Locked<[RenderError]>([])
        let share = max(1, jobs / count)
        // One count for the whole video, moved and shown under one lock, so
        // the lines count up by one however the chunks interleave.
        let total = whole.frames.count, onFrame = onFrame
        let meter = Locked((done: 0, progress: Progress(label: request.label, total: total, style: progress)))
        DispatchQueue.concurrentPerform(iterations: count) { k in
            do {
                var chunk = RenderBatch([parts[k]], jobs: share, progress: .quiet)
                chunk.onFrame = { _, _, _ in
                    meter.withLock {
                        $0.done += 1
                        $0.progress.update(done: $0.done)
                        onFrame?($0.done, total)
                    }
                }
                try chunk.run()
            } catch let error as RenderError {
                failures.withLock { $0.append(error) }
            } catch {}
        }
        if let first = failures.withLock({ $0.first }) { throw first }
        try Interruption.shared.check()
        do {
            try ChunkJoin.join(parts.map { $0.videoPath! }, to: video)
        } catch let error as ChunkError {
            throw .chunks(error)
        } catch {
            throw .output(error as? MediaError ?? .cannotWrite(path: video, reason: "\(error)"))
        }
        if request.posterPath != nil {
            try StillJob.run(request, at: .time(whole.posterTime), threads: jobs)
        }
        meter.withLock { $0.progress.finish(summary: "\(video) (\(count) chunks)") }
    }
}

extension ChunkedRender {
    /// Removes the chunk folders (`prefix` + PID) of renders that were
    /// killed before they could remove them; a running render's is kept.
    static func removeLeftovers(prefix: String) {
        let folder = PathName.folder(of: prefix), start = PathName.name(of: prefix)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [] {
            guard name.hasPrefix(start), let pid = Int32(name.dropFirst(start.count)), pid != getpid(),
                  kill(pid, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (folder.isEmpty ? "" : folder + "/") + name)
        }
    }
}

/// A copy of `value` changed by `change`.
func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}
