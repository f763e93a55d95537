import DisplayList
import Geometry

/// Binning: a frame of overlapping fills painted band by band, so each
/// band's pixels stay in the core's cache (L2) while every fill over them
/// is painted, instead of each fill going over frame memory in turn.
///
/// Byte identity rules out clipping a fill's coverage to a band (see
/// `RowWindow`): each fill is accumulated and swept once over its whole
/// box, as in a direct draw, and the sweep's painter calls are recorded
/// (`CoverageRecording`). Bands are then painted top to bottom, each
/// replaying, in list order, the recorded calls of every fill for its
/// rows: each pixel sees the same calls in the same order as in a direct
/// draw, so it ends with the same bytes.
extension Rasterizer {
    /// Draws items `range` of `list` when they are all fills onto the frame
    /// (no layer, glyph or sprite): band by band when they cover the frame
    /// `binnedOverdraw` times or more, else one after another.
    /// Returns false, having drawn nothing, when they are not all fills.
    func drawFills(_ list: DisplayList, _ range: Range<Int>) -> Bool {
        guard window.isWhole, layers.count == 1, !range.isEmpty else { return false }
        for i in range {
            guard case .fill = list.items[i] else { return false }
        }
        let bins = recording, frame = targetBox
        bins.reset()
        var area = 0
        for i in range {
            guard case let .fill(path, transform, _, _) = list.items[i] else { continue }
            let box = box(of: path, transform: transform, clippedTo: frame)
            if let box { area += (box.maxX - box.minX) * (box.maxY - box.minY) }
            bins.boxes.append(box)
        }
        let enough = Self.binnedOverdraw * Double(frame.maxX * frame.maxY)
        guard binning, Double(area) >= enough, paintedArea(list, range) >= enough else {
            for (k, i) in range.enumerated() {
                guard let box = bins.boxes[k], case let .fill(path, transform, paint, rule) = list.items[i] else { continue }
                fill(path, transform: transform, paint: paint, rule: rule, over: box)
            }
            return true
        }
        record(list, range)
        paintBands(list, height: frame.maxY, rows: max(Self.minimumBinRows, Self.binBytes / (4 * frame.maxX)))
        return true
    }

    /// About the pixels the fills of `range` paint: each one's box, or the
    /// area its control polygon encloses when smaller. A box overstates a
    /// thin shape (an arc's stroke, a ring) many times over, and binning
    /// what is mostly edges buys nothing: edges cost the same in any order.
    private func paintedArea(_ list: DisplayList, _ range: Range<Int>) -> Double {
        var total = 0.0
        for (k, i) in range.enumerated() {
            guard let box = recording.boxes[k], case let .fill(path, transform, _, _) = list.items[i] else { continue }
            let polygon = Self.polygonArea(path) * abs(transform.a * transform.d - transform.b * transform.c)
            total += min(Double((box.maxX - box.minX) * (box.maxY - box.minY)), polygon)
        }
        return total
    }

    /// The area enclosed by `path`'s control polygon (curves by their
    /// control points), winding-weighted: near a shape's area at no
    /// flattening cost.
    private static func polygonArea(_ path: Path) -> Double {
        var sum = 0.0, start = Point.zero, last = Point.zero
        func edge(to p: Point) {
            sum += last.x * p.y - p.x * last.y
            last = p
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                edge(to: start)
                start = p
                last = p
            case .line(let p): edge(to: p)
            case let .quad(c, p): edge(to: c); edge(to: p)
            case let .cubic(a, b, p): edge(to: a); edge(to: b); edge(to: p)
            case .close: edge(to: start)
            }
        }
        edge(to: start)
        return abs(sum) / 2
    }

    /// Accumulates and sweeps every fill of `range` once, into the recording.
    private func record(_ list: DisplayList, _ range: Range<Int>) {
        let bins = recording
        var painter = RecordingPainter(runs: [], factors: [])
        swap(&painter.runs, &bins.runs)
        swap(&painter.factors, &bins.factors)
        for (k, i) in range.enumerated() {
            guard let box = bins.boxes[k], case let .fill(path, transform, _, rule) = list.items[i] else { continue }
            layers[0].dirty = layers[0].dirty.union(box)
            let start = painter.runs.count
            accumulate(over: box) { Flattener.flatten(path, transform: transform, into: &$0) }
            SweptCells(cells: cells, rule: rule).emit(into: &painter)
            bins.fills.append(CoverageRecording.Fill(item: i, box: box, next: start, end: painter.runs.count))
        }
        swap(&painter.runs, &bins.runs)
        swap(&painter.factors, &bins.factors)
    }

    /// Paints the recorded fills band by band, `rows` rows at a time, each
    /// band's share of the deferred clear written with its first fill.
    private func paintBands(_ list: DisplayList, height: Int, rows: Int) {
        let bins = recording, whole = window, clear = pendingClear
        bins.runs.withUnsafeBufferPointer { runs in
            bins.factors.withUnsafeBufferPointer { factors in
                var top = 0
                while top < height {
                    let band = top..<min(top + rows, height)
                    window = RowWindow(band: band, halo: 0, frameHeight: height)
                    if let clear {
                        pendingClear = clear
                        clearedRows = band.lowerBound
                    }
                    for f in bins.fills.indices {
                        let fill = bins.fills[f], last = band.upperBound - fill.box.minY
                        var end = fill.next
                        while end < fill.end && Int(runs[end].y) < last { end += 1 }
                        guard end > fill.next, case let .fill(_, transform, paint, _) = list.items[fill.item] else { continue }
                        bins.fills[f].next = end
                        self.paint(RecordedCoverage(runs: runs, factors: factors, range: fill.next..<end),
                                   over: fill.box, with: paint, transform: transform)
                    }
                    writePendingClear()
                    top = band.upperBound
                }
            }
        }
        window = whole
    }

    /// Overlap from which binning pays: the fills cover this many frames.
    /// Below it (thousands of small shapes, one full-frame rectangle, thin
    /// strokes) a frame is mostly pixels drawn once, and recording would
    /// only add its own work.
    static let binnedOverdraw = 1.5
    /// Bytes of frame rows in one band: a quarter of a core's L2, leaving
    /// room for the recording and the painters' scratch.
    static let binBytes = 256 << 10
    static let minimumBinRows = 8
}
