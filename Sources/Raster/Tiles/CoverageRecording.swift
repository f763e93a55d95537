/// One call the sweep made to its painter: `count` pixels of box row `y`
/// from `x` at one coverage (`value`), or, with a negative count, `-count`
/// pixels each with its own factor, kept in the recording's factors from
/// offset `value`.
struct RecordedRun {
    var x: Int32
    var y: Int32
    var count: Int32
    var value: UInt32
}

/// Fills swept once and kept as the painter calls their sweeps made, so a
/// frame can be painted band by band (`Rasterizer+Bins`): replaying a call
/// paints the same pixels as making it, so a fill's coverage is computed
/// once however many bands it crosses.
///
/// The arrays keep their capacity from frame to frame.
final class CoverageRecording {
    /// One fill: the list item it came from, its box, and its runs
    /// `next..<end` still to paint (`next` advances band by band).
    struct Fill {
        let item: Int
        let box: PixelBox
        var next: Int
        let end: Int
    }

    var runs: [RecordedRun] = []
    var factors: [UInt32] = []
    var fills: [Fill] = []
    /// Each item's box (nil: it touches nothing), measured once for the
    /// choice between binned and direct drawing and used by either.
    var boxes: [PixelBox?] = []

    func reset() {
        runs.removeAll(keepingCapacity: true)
        factors.removeAll(keepingCapacity: true)
        fills.removeAll(keepingCapacity: true)
        boxes.removeAll(keepingCapacity: true)
    }
}

/// Records a sweep's calls instead of painting them. Owns the recording's
/// arrays while it sweeps, so appending needs no access to the class.
struct RecordingPainter: CoveragePainter {
    var runs: [RecordedRun]
    var factors: [UInt32]

    @inline(__always)
    mutating func paint(x: Int, y: Int, count: Int, coverage: UInt32) {
        runs.append(RecordedRun(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                                count: Int32(truncatingIfNeeded: count), value: coverage))
    }

    @inline(__always)
    mutating func paint(x: Int, y: Int, factors: UnsafePointer<UInt32>, count: Int) {
        runs.append(RecordedRun(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                                count: -Int32(truncatingIfNeeded: count), value: UInt32(self.factors.count)))
        self.factors.append(contentsOf: UnsafeBufferPointer(start: factors, count: count))
    }
}

/// Recorded runs replayed to a painter: the same calls, in the same order,
/// as the sweep they were recorded from.
struct RecordedCoverage: CoverageSource {
    let runs: UnsafeBufferPointer<RecordedRun>
    let factors: UnsafeBufferPointer<UInt32>
    let range: Range<Int>

    func emit<P: CoveragePainter>(into painter: inout P) {
        for i in range {
            let run = runs[i]
            if run.count < 0 {
                painter.paint(x: Int(run.x), y: Int(run.y), factors: factors.baseAddress.unsafelyUnwrapped + Int(run.value),
                              count: -Int(run.count))
            } else {
                painter.paint(x: Int(run.x), y: Int(run.y), count: Int(run.count), coverage: run.value)
            }
        }
    }

    func discard() {}
}
