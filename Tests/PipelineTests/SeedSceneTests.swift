import Foundation
import Testing
import Animation
import DisplayList
import Geometry
import Pixels
import Raster
import SceneModel
@testable import Pipeline

/// The bundled seed scenes behave as their tutorials' code does, moment by
/// moment (the tutorials and their numbers are listed in docs/SEEDS.md): checked on
/// the display list or on decoded pixels of Scenes/*.json.
@Suite struct SeedSceneTests {
    static func load(_ name: String, scale: Double = 1) throws -> PreparedScene {
        let path = Repository.root.appendingPathComponent("Scenes/\(name).json").path
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

/// Thermometer (tutorial 002): the final `Thermometer` clips the level with
/// `ThermometerShape().inset(by: 10)`, the level follows a drag, and the two
/// controls share the safe area as the tutorial's `VStack` lays them out.
extension SeedSceneTests {
    /// The inner stem is r − 2 × 10 wide, r = 2h/13 with h = 377.5 (half the
    /// 763-pt safe area less the VStack's 8-pt spacing): 38.08 pt, measured
    /// as red coverage across the stem 250 pt into the top thermometer at
    /// level 0.5 (it was r − 40 = 18.5 pt with inset 20, r from h = 380).
    @Test func thermometerInnerStemIsInsetByTen() throws {
        let prepared = try Self.load("thermometer")
        let frame = Self.render(prepared, at: 0)
        let r = 2 * 377.5 / 13
        let row = 47 + 250
        // Red #FF3B30 over the grey base #8E8E93: the green channel says how much is red.
        var width = 0.0
        for x in 100..<290 {
            let g = Double(frame.pixel(x: x, y: row).g)
            width += min(max((142 - g) / (142 - 59), 0), 1)
        }
        #expect(abs(width - (r - 20)) < 0.1, "stem \(width) pt")
    }

    /// Two thermometers of 390 × 377.5 in the safe area (47 pt from the top,
    /// 34 from the bottom), 8 pt apart: each bulb ends at its view's bottom.
    @Test func thermometersFillTheSafeAreaAsAVStack() throws {
        let prepared = try Self.load("thermometer")
        let frame = Self.render(prepared, at: 0)
        let grey = Self.rgb(0x8E8E93), white = Self.rgb(0xFFFFFF)
        // Bulb bottoms at 47 + 377.5 = 424.5 and 432.5 + 377.5 = 810; the
        // stems' caps reach up to 47 + 29 − r/2 and 432.5 + 29 − r/2.
        #expect(frame.pixel(x: 195, y: 423) == grey && frame.pixel(x: 195, y: 426) == white)
        #expect(frame.pixel(x: 195, y: 808) == grey && frame.pixel(x: 195, y: 811) == white)
        #expect(frame.pixel(x: 195, y: 430) == white)
    }

    /// A drag moves the level without a spring's overshoot: between two
    /// events each level stays between where it was and where it goes, so
    /// its colour changes only when it really crosses 0.3.
    @Test func thermometerLevelMovesLikeADragWithoutOvershoot() throws {
        let scene = try Self.load("thermometer").scene
        let timeline = scene.timeline
        for name in ["level1", "level2"] {
            let v = timeline.index(of: name)!
            var previous = timeline.value(of: v, at: 0).number
            var lo = previous, hi = previous
            var direction = 0.0
            for step in 1...600 {
                let x = timeline.value(of: v, at: Double(step) / 100).number
                let d = x - previous
                if d != 0 {
                    if direction != 0 && (d > 0) != (direction > 0) {
                        // A turn happens only at an event's target, never past it.
                        #expect([0.8, 0.15, 0.55, 0.2, 0.9, 0.35].contains { abs($0 - previous) < 1e-3 },
                                "\(name) turned at \(previous)")
                    }
                    direction = d
                }
                lo = min(lo, x); hi = max(hi, x)
                previous = x
            }
            #expect(lo >= 0.15 - 1e-9 && hi <= 0.9 + 1e-9, "\(name) in \(lo)…\(hi)")
        }
    }
}

/// Calendar (tutorial 003): `tapOnDay` greys the button
/// (`.systemGray3`) as it shows the card; days after the 17th are only
/// disabled, drawn like the others.
extension SeedSceneTests {
    /// The solid fills of the 76-pt day button whose top-left is at `origin` (points).
    static func dayFills(_ prepared: PreparedScene, origin: Point, at time: Double) -> [Color] {
        let s = prepared.scene.canvas.scale
        return prepared.evaluator.displayList(at: time).items.compactMap { item -> Color? in
            guard case .fill(let path, let t, .solid(let c), _) = item,
                  path.controlBounds.width == 76, path.controlBounds.height == 76 else { return nil }
            let p = t.apply(.zero)
            return abs(p.x - origin.x * s) < 1e-6 && abs(p.y - origin.y * s) < 1e-6 ? c : nil
        }
    }

    static let systemGray3 = ColorLiteral.parse("#C7C7CC")!
    static let dayWhite = ColorLiteral.parse("#FFFFFFE0")!

    /// Day 3's card is open from 1.5 s to 4.5 s: its button is grey while
    /// the card shows (it turned grey only when the card closed), white before.
    @Test func calendarDayTurnsGreyWhenItsCardOpens() throws {
        let prepared = try Self.load("calendar")
        let day3 = Point(240 - 38, 200 - 38)
        #expect(Self.dayFills(prepared, origin: day3, at: 1.0) == [Self.dayWhite])
        #expect(Self.dayFills(prepared, origin: day3, at: 3.0) == [Self.systemGray3])
        #expect(Self.dayFills(prepared, origin: day3, at: 6.0) == [Self.systemGray3])
    }

    /// Day 18 (tomorrow) looks like day 16: the same button and number colours.
    @Test func calendarFutureDaysLookLikeTheOthers() throws {
        let prepared = try Self.load("calendar")
        #expect(Self.dayFills(prepared, origin: Point(150 - 38, 568 - 38), at: 1.0) == [Self.dayWhite])
        let layers = prepared.scene.layers
        func numberColour(_ id: String) -> Paint? {
            guard let day = layers.first(where: { $0.id == id }), case .group(let children, _) = day.kind,
                  case .text(let text) = children[1].kind else { return nil }
            return text.fill
        }
        #expect(numberColour("day18") != nil && numberColour("day18") == numberColour("day16"))
        #expect(numberColour("day24") == numberColour("day1"))
    }
}

/// Snow (tutorial 000): each emitter is one `.sks` file, one texture; the
/// landing emitter sits where `RainFallLanding`'s anchor point and the
/// SpriteView's `offset(y: -10)` put it.
extension SeedSceneTests {
    static func nodes(_ nodes: [Node]) -> [Node] {
        nodes.flatMap { node -> [Node] in
            if case .group(let children, _) = node.kind { return [node] + Self.nodes(children) }
            return [node]
        }
    }

    /// The SpriteView fills the card stack (227.7 to 1452.1: 1224.4 pt) and
    /// is lifted 10 pt; the scene's origin sits (h − 5)/h up from its bottom
    /// with h the screen's 844 pt, i.e. 5 × 1224.4 / 844 = 7.25 pt below its
    /// top: 2.75 pt above the stack (it was 10).
    @Test func snowLandingEmitterSitsThreePointsAboveTheCards() throws {
        let prepared = try Self.load("snow")
        let landing = Self.nodes(prepared.scene.layers).first { $0.id == "landing" }
        let position = landing?.placement.position?.value(in: prepared.scene.context(at: 3))
        #expect(position != nil)
        guard let position else { return }
        #expect(abs(position.y - (227.7 - 10 + 5 * 1224.4 / 844)) < 1e-9)
        #expect(abs((227.7 - position.y) - 2.75) < 0.01)
        #expect(position.x == 195)
    }

    /// RainFall.sks and RainFallLanding.sks each hold one emitter with one
    /// particle texture: one cell per emitter, no sub-cells.
    @Test func snowEmittersHaveOneTextureEach() throws {
        let prepared = try Self.load("snow")
        let emitters = Self.nodes(prepared.scene.layers).compactMap { node -> EmitterNode? in
            if case .emitter(let e) = node.kind { return e } else { return nil }
        }
        #expect(emitters.count == 2)
        for e in emitters {
            #expect(e.cells.count == 1 && e.cells[0].cells.isEmpty)
        }
    }
}
