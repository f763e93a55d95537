import CSpanBlend
import Testing
import Geometry
import Pixels
@testable import Raster

/// The sweep's per-pixel spans (the cells an edge crosses, and the short
/// gaps between them) against the definitions they replace: a running sum
/// folded by the fill rule for every cell, and the scalar source-over of a
/// colour at each pixel's coverage.
@Suite(.serialized) struct CoverageSpanTests {
    @Test(arguments: FastPathTests.spanLoopVariants)
    func perPixelCoverageSourceOverMatchesScalar(variant: Int32) {
        FastPathTests.withSpanLoops(variant) {
            var rng = FastPathTests.Stream(state: 11)
            for count in [0, 1, 3, 4, 5, 7, 8, 9, 12, 13, 31, 64] {
                for round in 0..<30 {
                    let src = rng.pixel()
                    // Some spans uncovered, so whole groups are skipped.
                    let ks: [UInt32] = (0..<count).map { _ in
                        round % 4 == 0 ? 0 : [0, 255, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
                    }
                    let dst = (0..<count).map { _ in rng.pixel() }
                    var fast = dst
                    let factors = ks.map { $0 &* 0x0001_0001 }
                    factors.withUnsafeBufferPointer { f in
                        fast.withUnsafeMutableBufferPointer {
                            PixelMath.over(src, factors: f.baseAddress!, onto: $0.baseAddress!, count: count)
                        }
                    }
                    #expect(fast == zip(ks, dst).map { k, d in PixelMath.over(PixelMath.scale(src, k), d) },
                            "count \(count) round \(round)")
                }
            }
        }
    }

    @Test(arguments: [false, true])
    func coverageFactorsAreTheFoldedRunningSum(evenOdd: Bool) {
        var rng = FastPathTests.Stream(state: 12)
        for count in [1, 2, 5, 17, 64] {
            var cells = (0..<count).map { _ in Float(Int(rng.next() % 4001) - 2000) / 700 }
            let original = cells, start = Float(Int(rng.next() % 5) - 2) / 3
            var factors = [UInt32](repeating: 7, count: count)
            let end = cells.withUnsafeMutableBufferPointer { c in
                factors.withUnsafeMutableBufferPointer { f in
                    reel_coverage_factors(c.baseAddress!, count, start, evenOdd ? 1 : 0, f.baseAddress!)
                }
            }
            var acc = start, expected: [UInt32] = []
            for a in original {
                acc += a
                let v: Float
                if evenOdd {
                    let r = abs(acc).truncatingRemainder(dividingBy: 2)
                    v = r > 1 ? 2 - r : r
                } else {
                    v = min(abs(acc), 1)
                }
                expected.append(UInt32(v * 255 + 0.5) &* 0x0001_0001)
            }
            #expect(factors == expected, "count \(count)")
            #expect(end == acc)
            #expect(cells.allSatisfy { $0 == 0 })
        }
    }

    /// A box wider than one bit word, with touched cells far apart, next to
    /// each other and at the word edges: every pixel's mask byte is the
    /// running sum of its row up to it, folded, as if each cell were swept on
    /// its own; the buffer is clean afterwards.
    @Test(arguments: [FillRule.nonzero, .evenodd])
    func sweptSpansGiveEveryPixelItsRunningSum(rule: FillRule) {
        let width = 150, height = 9
        let buffer = CellBuffer()
        buffer.prepare(width: width, height: height)
        var accumulator = CoverageAccumulator(cells: buffer.cells, bits: buffer.bits, stride: buffer.stride,
                                              wordsPerRow: buffer.wordsPerRow, width: Double(width),
                                              height: Double(height), originX: 0, originY: 0)
        // A star of long edges plus a cluster of short ones near x = 63…66.
        func polygon(_ points: [Point]) -> Path {
            Path(elements: [.move(points[0])] + points.dropFirst().map { .line($0) } + [.close])
        }
        let star = polygon([Point(2, 0.3), Point(148, 4), Point(10, 8.7), Point(75, 0.1), Point(120, 8.9)])
        let cluster = polygon([Point(61.2, 1), Point(66.7, 2.5), Point(63.1, 7.5)])
        Flattener.flatten(star, transform: .identity, tolerance: 0.1, into: &accumulator)
        Flattener.flatten(cluster, transform: .identity, tolerance: 0.1, into: &accumulator)
        var expected = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            var acc: Float = 0
            for x in 0..<width {
                acc += buffer.cells[y * buffer.stride + x]
                let r = rule == .evenodd ? abs(acc).truncatingRemainder(dividingBy: 2) : min(abs(acc), 1)
                expected[y * width + x] = UInt8((rule == .evenodd && r > 1 ? 2 - r : r) * 255 + 0.5)
            }
        }
        var mask = [UInt8](repeating: 0, count: width * height)
        mask.withUnsafeMutableBufferPointer { m in
            var painter = MaskPainter(origin: m.baseAddress!, rowBytes: width)
            CoverageSweep.sweep(buffer, rule: rule, into: &painter)
        }
        let wrong = (0..<mask.count).filter { mask[$0] != expected[$0] }
        #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first (x, y) = \(wrong.first.map { ($0 % width, $0 / width) } as Any)")
        #expect((0..<(buffer.stride * height)).allSatisfy { buffer.cells[$0] == 0 })
        #expect((0..<(buffer.wordsPerRow * height)).allSatisfy { buffer.bits[$0] == 0 })
    }
}
