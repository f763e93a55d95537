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

    /// A thread's rasterizer, the frame-sized bitmap it draws its band
    /// into, the halos its band needs in each phase and whether its band's
    /// rows came out exact.
    private final class Slot {
        let rasterizer: Rasterizer
        var frame: Bitmap?
        var halos: [Int]?
        var holds = true
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
            output.contentTag = 0 // its rows are written here, not by a rasterizer that knows them
        } else {
            output = Bitmap(width: list.width, height: list.height)
        }
        let phases = BandPhases(list, first: OpaqueCover.visible(list).first, exactBlur: slots[0].rasterizer.blurScratch.exact)
        let height = list.height, rowBytes = list.width * 4
        let bands = (0..<count).map { k in (height * k / count)..<(height * (k + 1) / count) }
        let used = slots.prefix(count)
        let start = slots[0].rasterizer.startingHalos(of: phases, list: list)
        for slot in used {
            if slot.frame?.width != list.width || slot.frame?.height != list.height {
                slot.frame = Bitmap(width: list.width, height: list.height)
            }
            slot.halos = start
        }
        // Drawn with each phase's widest reach as its halo, which mostly
        // suffices; else with the halos dry runs find (`Rasterizer.halos`).
        var exact = drawBands(list, phases, bands)
        if !exact {
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let slot = self.slots[k]
                slot.halos = slot.rasterizer.halos(for: bands[k], of: phases, list: list, frame: &slot.frame!)
            }
            exact = used.allSatisfy { $0.halos != nil } && drawBands(list, phases, bands)
        }
        guard exact else {
            // Not reached: the dry runs find halos that suffice. Should a
            // band still fall short, the frame is drawn whole.
            slots[0].rasterizer.render(list, encoded: nil, into: &output)
            passBytes = slots[0].rasterizer.passBytes
            return output
        }
        output.pixels.withUnsafeMutableBytes { raw in
            let address = Int(bitPattern: raw.baseAddress!) // each thread writes its own rows
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let out = UnsafeMutableRawPointer(bitPattern: address)!, band = bands[k]
                self.slots[k].frame!.pixels.withUnsafeBytes { drawn in
                    (out + band.lowerBound * rowBytes).copyMemory(from: drawn.baseAddress! + band.lowerBound * rowBytes,
                                                                  byteCount: band.count * rowBytes)
                }
            }
        }
        return output
    }

    /// Draws every phase of `list` in `bands` with the slots' halos, the
    /// bands' frames kept by the slots. Returns whether every band's rows
    /// came out as a whole-frame draw's.
    private func drawBands(_ list: DisplayList, _ phases: BandPhases, _ bands: [Range<Int>]) -> Bool {
        let used = slots.prefix(bands.count), rowBytes = list.width * 4
        var exact = true, copied = 0
        for p in phases.items.indices {
            if p > 0 { copied += syncFrames(bands: bands, rows: used.map { $0.halos![p] + phases.barrierReach[p] }, rowBytes: rowBytes) }
            DispatchQueue.concurrentPerform(iterations: bands.count) { k in
                let slot = self.slots[k]
                var frame = p == 0 ? slot.frame.take()! : Bitmap(width: 1, height: 1)
                slot.holds = slot.rasterizer.drawPhase(p, of: phases, list: list, into: &frame, band: bands[k],
                                                       halo: slot.halos![p], writing: true)
                if p == phases.items.count - 1 { slot.frame = frame }
            }
            exact = exact && used.allSatisfy(\.holds)
        }
        passBytes = used.reduce(2 * list.height * rowBytes + 2 * copied) { $0 + $1.rasterizer.passBytes }
        return exact
    }

    /// At a barrier: copies into every band's frame the rows within
    /// `rows[k]` of band `k` from the frames of the bands that own them
    /// (whose rows are all exact now), so the frame around each band is
    /// the whole frame's. Returns the bytes copied.
    private func syncFrames(bands: [Range<Int>], rows: [Int], rowBytes: Int) -> Int {
        // The frames' addresses are taken here, on one thread, while no
        // band draws: each thread then writes rows no other thread reads.
        let frames = slots.prefix(bands.count).map { slot in
            slot.rasterizer.layers[0].bitmap.pixels.withUnsafeMutableBytes { Int(bitPattern: $0.baseAddress!) }
        }
        let height = bands.last!.upperBound
        DispatchQueue.concurrentPerform(iterations: bands.count) { k in
            let wanted = max(bands[k].lowerBound - rows[k], 0)..<min(bands[k].upperBound + rows[k], height)
            for (j, owned) in bands.enumerated() where j != k {
                let copy = wanted.clamped(to: owned)
                guard !copy.isEmpty else { continue }
                let offset = copy.lowerBound * rowBytes
                UnsafeMutableRawPointer(bitPattern: frames[k])!.advanced(by: offset)
                    .copyMemory(from: UnsafeRawPointer(bitPattern: frames[j])!.advanced(by: offset), byteCount: copy.count * rowBytes)
            }
        }
        return bands.indices.reduce(0) { sum, k in
            let wanted = max(bands[k].lowerBound - rows[k], 0)..<min(bands[k].upperBound + rows[k], height)
            return sum + (wanted.count - bands[k].count) * rowBytes
        }
    }

    /// Renders a frame whose canonical bytes are made already.
    public func render(_ frame: EncodedDisplayList, reusing spare: consuming Bitmap? = nil) -> Bitmap {
        render(frame.list, reusing: consume spare)
    }

    /// Bands thinner than this are not worth a thread.
    static let minimumBandRows = 16
}
