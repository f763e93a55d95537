import Foundation
import Testing
import Animation
import DisplayList
import Geometry
import Raster
import SceneModel
@testable import Pipeline

/// The bundled seed scenes behave as their tutorials' code does, moment by
/// moment (seeds/README.md and the tutorials in ../shared/seeds): checked on
/// the display list or on decoded pixels of Scenes/*.json.
@Suite struct SeedSceneTests {
    static func load(_ name: String, scale: Double = 1) throws -> PreparedScene {
        let path = SchemaTests.repository.appendingPathComponent("Scenes/\(name).json").path
        return try PreparedScene.load(path, canvas: CanvasOverrides(scale: scale))
    }

    static func render(_ prepared: PreparedScene, at time: Double) -> Bitmap {
        prepared.makeRasterizer().render(prepared.evaluator.displayList(at: time))
    }

    static func rgb(_ hex: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (UInt8(hex >> 16), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), 255)
    }

    // MARK: splash (tutorial 001)

    /// The rectangle's `.onAppear` sets `squareColor = fuberBlue` before any
    /// animation, so at 0.1 s the square is blue and covers the ring's centre
    /// (it was white, a white dot in the middle of the growing ring).
    @Test func splashSquareIsBlueFromTheFirstFrame() throws {
        let prepared = try Self.load("splash", scale: 0.5)
        let frame = Self.render(prepared, at: 0.1)
        // The square (12 pt × 1.4 at 0.5 px/pt ≈ 8 px) is centred on (97.5, 211).
        for (x, y) in [(97, 211), (95, 209), (100, 213)] {
            #expect(frame.pixel(x: x, y: y) == Self.rgb(0x1F5BFF), "(\(x), \(y))")
        }
    }

    /// `restartAnimation()` resets percent, textScale and the cover circle
    /// only: uScale ends the first pass at 0 and the ring grows from 0 in
    /// the second. 0.5 s into it the ring is scaled by 1.4 × 5 × easeIn(0.5)
    /// (it was 1.4 × (1 + 4 × easeIn(0.5)), restarting from 1).
    @Test func splashRingGrowsFromZeroInTheSecondPass() throws {
        let prepared = try Self.load("splash")
        let scale = prepared.scene.canvas.scale
        func ringScale(_ time: Double) -> [Double] {
            // The ring is the one white fill drawn at a scale other than the canvas's.
            prepared.evaluator.displayList(at: time).items.compactMap { item -> Double? in
                guard case .fill(_, let t, .solid(let c), _) = item, c == .white,
                      abs(t.maxScale - scale) > 1e-6 else { return nil }
                return t.maxScale / scale
            }
        }
        let easeIn = Curve.easeIn.value(at: 0.5)
        #expect(ringScale(0.5).count == 1)
        #expect(abs(ringScale(0.5)[0] - 1.4 * (1 + 4 * easeIn)) < 1e-9)   // first pass: from 1
        #expect(ringScale(2.9).count == 1)
        #expect(abs(ringScale(2.9)[0] - 1.4 * 5 * easeIn) < 1e-9)         // second pass: from 0
        #expect(abs(ringScale(5.3)[0] - 1.4 * 5 * easeIn) < 1e-9)         // and every later one
        // At the restart itself the ring is at scale 0 (it was 1.4).
        #expect(ringScale(2.4) == [0])
    }

    /// `scaleEffect(lineScale, anchor: .bottom)` scales the line uniformly
    /// about its bottom: at lineScale ½ it is 2 × 14 pt, its bottom still at 414.
    @Test func splashLineScalesUniformlyAboutItsBottom() throws {
        let prepared = try Self.load("splash")
        let timeline = prepared.scene.timeline
        // 1.2 s + the moment easeOut(0.3) reaches ½.
        var lo = 1.2, hi = 1.5
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if timeline.value(of: timeline.index(of: "lineScale")!, at: mid).number > 0.5 { lo = mid } else { hi = mid }
        }
        let list = prepared.evaluator.displayList(at: lo)
        let blue = ColorLiteral.parse("#1F5BFF")!
        let s = prepared.scene.canvas.scale
        let lines = list.items.compactMap { item -> Transform? in
            guard case .fill(let path, let t, .solid(let c), _) = item, c == blue,
                  path.controlBounds.width == 4, path.controlBounds.height == 28 else { return nil }
            return t
        }
        #expect(lines.count == 1)
        guard let t = lines.first else { return }
        let bottom = t.apply(Point(2, 28)), top = t.apply(Point(0, 0)), right = t.apply(Point(4, 0))
        #expect(abs(bottom.x - 195 * s) < 1e-6 && abs(bottom.y - 414 * s) < 1e-6)
        #expect(abs((bottom.y - top.y) / s - 14) < 1e-6)
        #expect(abs((right.x - top.x) / s - 2) < 1e-6)
    }
}
