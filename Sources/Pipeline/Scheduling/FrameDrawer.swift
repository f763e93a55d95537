import DisplayList
import Pixels
import Raster

/// How one worker draws a scene's frames: whole, by a rasterizer that keeps
/// its last frame for reuse, or — a frame drawn while other cores would sit
/// idle (`FrameScheduler`, the studio, a still) — in bands on several
/// threads (`BandRenderer`). Both give the same bytes, so the thread count
/// is a matter of speed only.
public struct FrameDrawer {
    private let prepared: PreparedScene
    private let reuse: Bool
    private var rasterizer: Rasterizer?
    private var bands: BandRenderer?

    /// `reuse` false draws every whole frame in full (see `FrameReuse`).
    public init(_ prepared: PreparedScene, reuse: Bool = FrameReuse.enabledByEnvironment) {
        self.prepared = prepared
        self.reuse = reuse
    }

    /// Draws `list` on `threads` threads, into `spare` when it has the list's size.
    public mutating func draw(_ list: DisplayList, threads: Int, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        threads > 1 ? bandRenderer(threads).render(list, reusing: spare) : wholeRasterizer().render(list, reusing: spare)
    }

    /// Draws a frame whose canonical bytes are made already (whole frames reuse them).
    public mutating func draw(_ frame: EncodedDisplayList, threads: Int, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        threads > 1 ? bandRenderer(threads).render(frame, reusing: spare) : wholeRasterizer().render(frame, reusing: spare)
    }

    private mutating func wholeRasterizer() -> Rasterizer {
        if rasterizer == nil { rasterizer = prepared.makeRasterizer(reuse: reuse) }
        return rasterizer!
    }

    private mutating func bandRenderer(_ threads: Int) -> BandRenderer {
        if bands?.threads != threads { bands = prepared.makeBandRenderer(threads: threads) }
        return bands!
    }
}
