import DisplayList
import Evaluation
import Foundation
import Pipeline
import Pixels
@testable import Raster
import SceneModel
import Testing

/// One frame drawn on several threads (`BandRenderer`: horizontal bands
/// with halos) is byte-identical to the whole-frame draw, for any number of
/// threads: every bundled scene (layers, masks, clips, blur, shadows,
/// backdrops, gradients, text, sprites, images), a scene that stacks every
/// kind of layer across the bands' edges, and blurs and shadows reaching
/// beyond the canvas.
@Suite struct BandRenderTests {
    static let scenes = ["calendar", "hello", "snow", "snowfall", "splash", "thermometer"]
    static let threadCounts = [2, 3, 7]

    static func load(_ scene: String, scale: Double) throws -> PreparedScene {
        let path = Repository.root.appendingPathComponent("Scenes/\(scene).json").path
        return try PreparedScene.load(path, canvas: CanvasOverrides(scale: scale))
    }

    static func expectBandsMatch(_ list: DisplayList, _ prepared: PreparedScene?, _ what: String,
                                 threads: [Int] = threadCounts,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        func rasterizer() -> Rasterizer {
            prepared?.makeRasterizer(reuse: false) ?? Rasterizer(reuse: false)
        }
        let whole = rasterizer().render(list)
        for threads in [1] + threads {
            let banded = BandRenderer(threads: threads, makeRasterizer: rasterizer)
            // Twice: the second draw reuses the bands' bitmaps and layer pools.
            for pass in 0..<2 {
                let frame = banded.render(list)
                #expect(frame == whole, "\(what): \(threads) threads, pass \(pass)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: scenes) func bundledScenesAreIdenticalOnAnyThreadCount(scene: String) throws {
        let prepared = try Self.load(scene, scale: 0.25)
        let count = prepared.scene.canvas.frameCount
        for frame in [0, count / 2, count - 1] {
            Self.expectBandsMatch(prepared.evaluator.displayList(frame: frame), prepared, "\(scene) frame \(frame)")
        }
    }

    /// Full size, where the frosted panels and shadows straddle band edges at
    /// their real reach.
    @Test(arguments: ["snow", "calendar"]) func fullSizeFramesAreIdentical(scene: String) throws {
        let prepared = try Self.load(scene, scale: 1)
        let count = prepared.scene.canvas.frameCount
        Self.expectBandsMatch(prepared.evaluator.displayList(frame: count / 2), prepared, scene, threads: [2])
    }

    /// Every kind of layer, each across the edges of two and three bands
    /// (rows 100, 66 and 133 of 200), nested and one after another, so blurs
    /// read what other blurs wrote near an edge.
    @Test func everyLayerKindAcrossBandEdges() throws {
        let json = #"""
        {"canvas": {"width": 120, "height": 200, "duration": 1, "background": "#203040"},
         "layers": [
          {"type": "rect", "position": [60, 100], "size": [110, 190],
           "fill": {"linearGradient": {"colors": ["orange", "#0000FF80"], "start": [0, 0], "end": [1, 1]}}},
          {"type": "circle", "position": [60, 60], "size": [90, 90], "fill": "red", "blur": 6},
          {"type": "rect", "position": [60, 100], "size": [80, 80], "cornerRadius": 10, "fill": "white",
           "shadow": {"radius": 8, "offset": [3, 9]}},
          {"type": "group", "position": [60, 110], "size": [100, 100], "backdrop": {"blur": 7, "tint": "#FFFFFF40"},
           "opacity": 0.8, "blend": "multiply",
           "children": [
             {"type": "circle", "position": [50, 50], "size": [70, 70],
              "fill": {"radialGradient": {"colors": ["yellow", "#00FF0000"], "center": "center", "startRadius": 0, "endRadius": 35}},
              "blur": 3}
           ]},
          {"type": "rect", "position": [60, 133], "size": [100, 60], "fill": "#00FFFF", "saturation": 0.3,
           "mask": {"type": "circle", "size": [60, 60], "fill": "#000000A0"}, "maskMode": "alpha",
           "clip": {"type": "circle", "size": [90, 90]}},
          {"type": "text", "text": "Bands", "size": 28, "color": "white", "position": [60, 66],
           "shadow": {"radius": 2, "offset": [0, 2]}},
          {"type": "text", "text": "Edge", "size": 30, "position": [60, 100],
           "fill": {"linearGradient": {"colors": ["white", "pink"]}}},
          {"type": "group", "position": [60, 100], "size": [120, 200], "backdrop": {"blur": 30}, "blur": 14,
           "opacity": 0.5,
           "children": [{"type": "rect", "position": [60, 100], "size": [40, 150], "fill": "#FF00FF"}]}
         ]}
        """#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "bands.json")
        Self.expectBandsMatch(Evaluator(scene: scene).displayList(at: 0.5), nil, "every layer kind")
    }

    /// Backdrops on the frame (a full-screen material, frosted panels one
    /// below another, one with a blur and a shadow of its own, one in a
    /// group) are barriers: the bands stop before each, copy the rows it reads from
    /// their neighbours and go on — with bands thinner than a backdrop's
    /// reach too (7 threads: rows copied from several neighbours) and
    /// shadowed text between the barriers.
    @Test func frameWideBackdropsAreBarriers() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 210, "duration": 1, "background": "#5B7FA6"},
         "layers": [
          {"type": "circle", "position": [30, 50], "size": [80, 80], "fill": "orange"},
          {"type": "rect", "position": [70, 150], "size": [60, 90], "fill": "#20C040"},
          {"type": "rect", "position": [50, 105], "size": [100, 210], "backdrop": {"blur": 12, "tint": "#FFFFFF2E"}},
          {"type": "text", "text": "Edge", "size": 24, "color": "white", "position": [50, 70], "shadow": {"radius": 3}},
          {"type": "rect", "position": [50, 100], "size": [90, 40], "cornerRadius": 8, "backdrop": {"blur": 6, "tint": "#1E283C4D"}},
          {"type": "rect", "position": [50, 140], "size": [90, 40], "cornerRadius": 8, "backdrop": {"blur": 9},
           "blur": 2, "shadow": {"radius": 4, "offset": [0, 5]}},
          {"type": "text", "text": "Panel", "size": 20, "color": "white", "position": [50, 140]},
          {"type": "group", "position": [50, 180], "size": [80, 40],
           "children": [{"type": "rect", "position": [40, 20], "size": [80, 40], "backdrop": {"blur": 5}}]}
         ]}
        """#
        let list = Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "barriers.json")).displayList(at: 0)
        let phases = BandPhases(list, first: 0, exactBlur: false)
        // A group of plain children is no layer: its backdrop is on the frame too.
        #expect(phases.items.count == 5, "\(phases.items)")
        #expect(phases.barrierReach.dropFirst().allSatisfy { $0 > 0 })
        Self.expectBandsMatch(list, nil, "frame-wide backdrops")
    }

    /// Blurred and shadowed shapes straddling the canvas's edges, and shadows
    /// of shapes wholly beyond them, as in `EffectsBeyondCanvasTests`: their
    /// layers reach beyond the frame, so the top and bottom bands draw rows
    /// above and below it (content there blurs in) and match the whole-frame
    /// draw on any number of threads.
    static let beyondTheEdges = [
        #"{"type": "rect", "size": [30, 20], "position": [0, 60], "fill": "red", "blur": 3}"#,
        #"{"type": "rect", "size": [30, 20], "position": [0, 60], "fill": "red", "blur": 16}"#,
        #"{"type": "rect", "size": [40, 30], "position": [30, 0], "fill": "red", "blur": 3}"#,
        #"{"type": "rect", "size": [40, 30], "position": [30, 120], "fill": "red", "blur": 16}"#,
        ##"{"type": "group", "position": [0, 0], "blur": 2, "shadow": {"color": "#000000C0", "radius": 4, "offset": [12, 9]}, "##
            + ##""children": [{"type": "circle", "radius": 14, "position": [0, 0], "fill": "#2060FF"}]}"##,
        ##"{"type": "group", "position": [60, 120], "blur": 2, "shadow": {"color": "#000000C0", "radius": 4, "offset": [-12, -9]}, "##
            + ##""children": [{"type": "circle", "radius": 14, "position": [0, 0], "fill": "#2060FF"}]}"##,
        #"{"type": "rect", "size": [20, 20], "position": [-20, 30], "fill": "red", "shadow": {"color": "black", "radius": 5, "offset": [30, 0]}}"#,
        #"{"type": "rect", "size": [20, 20], "position": [30, -20], "fill": "red", "shadow": {"color": "black", "radius": 5, "offset": [0, 30]}}"#,
        #"{"type": "rect", "size": [20, 20], "position": [30, 140], "fill": "red", "shadow": {"color": "black", "radius": 0, "offset": [0, -30]}}"#,
    ]

    static func expectBandsMatch(beyondTheEdges nodes: [String], _ what: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let json = #"{"canvas": {"width": 60, "height": 120, "duration": 1}, "layers": [\#(nodes.joined(separator: ", "))]}"#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "beyond.json")
        expectBandsMatch(Evaluator(scene: scene).displayList(at: 0), nil, what, sourceLocation: sourceLocation)
    }

    @Test(arguments: beyondTheEdges) func effectsBeyondTheCanvasAreIdenticalOnAnyThreadCount(node: String) throws {
        try Self.expectBandsMatch(beyondTheEdges: [node], node)
    }

    @Test func effectsBeyondTheCanvasTogetherAreIdenticalOnAnyThreadCount() throws {
        try Self.expectBandsMatch(beyondTheEdges: Self.beyondTheEdges, "every shape beyond the edges")
    }

    /// A band whose blurs read past its halo is drawn whole: with no halo at
    /// all, a blur across the band edge makes the band inexact, and the
    /// rasterizer says so.
    @Test func aBlurPastTheHaloIsDetected() throws {
        let json = #"""
        {"canvas": {"width": 40, "height": 40, "duration": 1},
         "layers": [{"type": "rect", "position": [20, 20], "size": [30, 30], "fill": "red", "blur": 4}]}
        """#
        let list = Evaluator(scene: try SceneDecoder.decode(Array(json.utf8), file: "blur.json")).displayList(at: 0)
        var bitmap = Bitmap(width: 40, height: 40)
        let rasterizer = Rasterizer(reuse: false)
        let phases = BandPhases(list, first: 0, exactBlur: false)
        func draws(halo: Int, writing: Bool) -> Bool {
            rasterizer.drawPhase(0, of: phases, list: list, into: &bitmap, band: 0..<20, halo: halo, writing: writing)
        }
        #expect(!draws(halo: 0, writing: true))
        #expect(!draws(halo: 0, writing: false))
        let reach = phases.totalReach[0]
        #expect(phases.items.count == 1 && reach > 0)
        #expect(draws(halo: reach, writing: true))
        #expect(draws(halo: reach, writing: false))
    }

    /// A blur that reads further than a thin band is tall pulls both edges
    /// of its exact rows past each other: no row is left exact (they once
    /// swapped into a range that seemed to hold the band, and 7 bands of a
    /// 200-row frame under a full-frame backdrop came out wrong).
    @Test func exactRowsPulledPastEachOtherHoldNothing() {
        var window = RowWindow(band: 0..<28, halo: 0, frameHeight: 200)
        window.read(for: PixelBox(minX: 0, minY: 0, maxX: 120, maxY: 200), above: 39, below: 39,
                    in: PixelBox(minX: 0, minY: -39, maxX: 120, maxY: 239))
        #expect(!window.holdsBand)
        #expect(window.shortfall == 28)
    }
}
