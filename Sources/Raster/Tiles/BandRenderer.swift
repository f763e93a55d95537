import Dispatch
import DisplayList
import Pixels

/// One frame drawn on several threads: the frame is cut into horizontal
/// bands, one per thread, and each thread's rasterizer draws the whole
/// display list into its own frame-sized bitmap writing only its band and
/// a halo around it (`RowWindow`); the bands are then copied into the frame.
///
/// Every band runs the geometry of a whole-frame draw, so its rows are the
/// same bits as a whole-frame draw, whatever the number of threads. Items
/// entirely outside a band cost it nothing but a box; items across a band
/// edge are accumulated by both bands and painted by each on its own rows.
/// Blurs, shadows and backdrops read neighbouring rows: the halo holds the
/// rows they read, and a band whose blurs still read past it (tracked while
/// drawing) is drawn again over the whole frame, so the result never
/// depends on the halo. One frame at a time: a renderer owns its threads'
/// rasterizers and bitmaps.
public final class BandRenderer: @unchecked Sendable {
    /// Threads a frame is drawn on.
    public let threads: Int
    private let slots: [Slot]
    /// Bytes of frame and layer memory the last frame's passes went over, in
    /// all bands (`Rasterizer.passBytes`), the copy of the bands included.
    public private(set) var passBytes = 0

    /// A thread's rasterizer and the frame-sized bitmap it draws its band into.
    private final class Slot {
        let rasterizer: Rasterizer
        var frame: Bitmap?
        init(_ rasterizer: Rasterizer) { self.rasterizer = rasterizer }
    }

    /// `makeRasterizer` is called once per thread; the rasterizers should
    /// share their glyph masks and not keep frames for reuse.
    public init(threads: Int, makeRasterizer: () -> Rasterizer) {
        self.threads = max(1, threads)
        slots = (0..<self.threads).map { _ in Slot(makeRasterizer()) }
    }

    /// Renders `list` into `spare` when it has the list's size, else into a new bitmap.
    public func render(_ list: DisplayList, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        let count = min(threads, list.height / Self.minimumBandRows)
        guard count > 1 else {
            defer { passBytes = slots[0].rasterizer.passBytes }
            return slots[0].rasterizer.render(list, reusing: spare)
        }
        var output: Bitmap
        if let spare = consume spare, spare.width == list.width, spare.height == list.height {
            output = spare
        } else {
            output = Bitmap(width: list.width, height: list.height)
        }
        let reach = Rasterizer.reach(of: list, exactBlur: slots[0].rasterizer.blurScratch.exact)
        let rowBytes = list.width * 4, height = list.height
        output.pixels.withUnsafeMutableBytes { raw in
            let address = Int(bitPattern: raw.baseAddress!) // each thread writes its own rows
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let slot = self.slots[k], out = UnsafeMutableRawPointer(bitPattern: address)!
                let band = (height * k / count)..<(height * (k + 1) / count)
                var frame = slot.frame.take() ?? Bitmap(width: list.width, height: list.height)
                if frame.width != list.width || frame.height != list.height {
                    frame = Bitmap(width: list.width, height: list.height)
                }
                // Dry runs grow the halo by what the band fell short, up to the
                // sum of every reach (which always suffices); should the band
                // still fall short, it is drawn whole.
                var halo = reach.widest
                while halo < reach.total
                        && !slot.rasterizer.render(list, encoded: nil, into: &frame, band: band, halo: halo, writing: false) {
                    halo = min(halo + slot.rasterizer.window.shortfall, reach.total)
                }
                if !slot.rasterizer.render(list, encoded: nil, into: &frame, band: band, halo: halo) {
                    slot.rasterizer.render(list, encoded: nil, into: &frame)
                }
                frame.pixels.withUnsafeBytes { drawn in
                    (out + band.lowerBound * rowBytes).copyMemory(from: drawn.baseAddress! + band.lowerBound * rowBytes,
                                                                  byteCount: band.count * rowBytes)
                }
                slot.frame = frame
            }
        }
        passBytes = slots.prefix(count).reduce(2 * list.height * rowBytes) { $0 + $1.rasterizer.passBytes }
        return output
    }

    /// Renders a frame whose canonical bytes are made already.
    public func render(_ frame: EncodedDisplayList, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        render(frame.list, reusing: consume spare)
    }

    /// Bands thinner than this are not worth a thread.
    static let minimumBandRows = 16
}
