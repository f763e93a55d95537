import Foundation
import Locking
import Pixels

/// One clip's decoder for every worker of a render. Workers take nearby
/// frames in turn (runs of two within a window of a few frames per
/// worker), so a decoder per worker would decode every frame once per
/// worker; this one decodes each frame once, forward, and keeps the last
/// few it decoded (by reference, see `DecodedVideoFrame`) for the workers
/// still to ask for them. Workers convert the frames to RGBA themselves,
/// in parallel (`VideoFrames.bitmap`).
///
/// It seeks only when asked for a frame behind what it keeps or far ahead.
/// Memory stays bounded however long the clip: one decoder and at most
/// `capacity` frames.
public final class SharedVideoDecoder: Sendable {
    public let clip: VideoClip
    private let state: Locked<State>

    /// Frames ahead beyond which a seek (to the key frame before the one
    /// wanted) is taken instead of decoding through them.
    static let seekDistance = 120

    private struct State {
        var reader: VideoFrameReader?
        /// The index of the frame the reader last decoded.
        var position: Int?
        /// Frames decoded lately, in increasing index.
        var recent: [(index: Int, frame: DecodedVideoFrame)] = []
        /// How many `recent` may hold: grows with the workers reading.
        var capacity = 2
        var decoded = 0
    }

    /// libavcodec's own threads for the decoder (frame and slice threads).
    private let threads: Int

    public init(clip: VideoClip, threads: Int) {
        self.clip = clip
        self.threads = threads
        state = Locked(State())
    }

    /// Makes room for one more worker's frames: the scheduler keeps about
    /// three frames per worker in flight, so each reader adds three.
    func addReader() {
        state.withLock { $0.capacity += Self.framesPerReader }
    }

    /// Gives back a reader's room (its band or worker is gone), so the
    /// frames kept stay bounded however many rasterizers come and go.
    func removeReader() {
        state.withLock { state in
            state.capacity -= Self.framesPerReader
            if state.recent.count > state.capacity { state.recent.removeFirst(state.recent.count - state.capacity) }
        }
    }

    static let framesPerReader = 3

    /// Frames decoded so far, counting each time a frame is decoded again
    /// after a seek.
    public var framesDecoded: Int { state.withLock { $0.decoded } }

    /// Frames kept for readers still to ask for them.
    public var framesKept: Int { state.withLock { $0.recent.count } }

    /// Frame `index` (presentation order, clamped to the clip), decoded.
    /// - Throws: `MediaError` when the file can no longer be read or decoded.
    func frame(at index: Int) throws -> DecodedVideoFrame {
        let index = min(max(index, 0), clip.stamps.count - 1)
        return try state.withLock { state throws -> DecodedVideoFrame in
            if let kept = state.recent.first(where: { $0.index == index }) { return kept.frame }
            return try decode(index, &state)
        }
    }

    private func decode(_ index: Int, _ state: inout State) throws -> DecodedVideoFrame {
        if state.reader == nil { state.reader = try reader() }
        // How many frames before the one wanted a seek aims: more each time
        // a seek lands past it (a key frame decoded before frames it follows).
        var lead = 0
        while true {
            if let at = state.position, at < index, index - at <= Self.seekDistance {
                // Decoding on from here reaches it.
            } else if state.position != nil || index > 0 {
                try seek(to: max(index - lead, 0), &state)
            }
            while state.position.map({ $0 < index }) ?? true {
                guard let stamp = try state.reader!.advance() else { break }
                state.decoded += 1
                let at = frameIndex(of: stamp)
                state.position = at
                // Frames a worker may still ask for are kept.
                if index - at < state.capacity { try keep(at, &state) }
            }
            guard let at = state.position else {
                throw MediaError.cannotDecode(path: clip.path, reason: "frame \(index) does not decode")
            }
            if at > index && lead < index {
                lead = max(2 * lead, 8)
                state.position = nil
                continue
            }
            break
        }
        // The frame at the position is kept unless the stream ended far
        // before the one wanted.
        guard let kept = state.recent.last(where: { $0.index == state.position }) else {
            throw MediaError.cannotDecode(path: clip.path, reason: "frame \(index) does not decode")
        }
        return kept.frame
    }

    /// Keeps the frame the reader holds as frame `index`, dropping the
    /// oldest beyond the capacity.
    private func keep(_ index: Int, _ state: inout State) throws {
        let frame = try state.reader!.currentFrame()
        state.recent.removeAll { $0.index == index }
        let place = state.recent.firstIndex { $0.index > index } ?? state.recent.count
        state.recent.insert((index, frame), at: place)
        if state.recent.count > state.capacity { state.recent.removeFirst(state.recent.count - state.capacity) }
    }

    /// Moves the reader to the key frame at or before frame `index`; the
    /// frames kept are let go, as the ones decoded next are wanted instead.
    private func seek(to index: Int, _ state: inout State) throws {
        state.position = nil
        state.recent.removeAll()
        do {
            try state.reader!.seek(to: clip.stamps[index])
        } catch {
            // A container without an index (GIF) starts again instead.
            state.reader = try reader()
        }
    }

    private func reader() throws -> VideoFrameReader {
        try VideoFrameReader(path: clip.path, exactChroma: false, threads: threads)
    }

    /// The index of the frame stamped `stamp` (or the last one before it).
    private func frameIndex(of stamp: Int64) -> Int {
        var low = 0, high = clip.stamps.count
        while low < high {
            let mid = (low + high) / 2
            if clip.stamps[mid] <= stamp { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}
