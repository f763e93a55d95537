import Foundation
import Testing
import Pixels
import SceneModel
import Pipeline

/// The scenes of the README's tutorial (`docs/tutorial/`) load, validate and
/// draw through the same library calls `reel` makes, so the tutorial cannot
/// drift from the format: each scene at a small scale, the `--set` step's
/// values, and the batch template with every row of its data file.
@Suite struct TutorialSceneTests {
    static let folder = Repository.root.appendingPathComponent("docs/tutorial")
    static let scenes = ["first.json", "card.json"]

    static func path(_ file: String) -> String { folder.appendingPathComponent(file).path }

    /// Loads a tutorial scene at `scale` pixels per point with `values` for
    /// its parameters, as `--set NAME=VALUE` gives them.
    static func load(_ file: String, scale: Double, values: [String: String] = [:],
                     baseDirectory: String? = nil) throws -> PreparedScene {
        let parameters = values.sorted { $0.key < $1.key }.map {
            ParameterAssignment(name: $0.key, value: .text($0.value), baseDirectory: baseDirectory)
        }
        return try PreparedScene.load(path(file), canvas: CanvasOverrides(scale: scale), parameters: parameters)
    }

    /// The frame at `time` seconds, as `reel still --time` draws it.
    static func render(_ prepared: PreparedScene, at time: Double) -> Bitmap {
        prepared.makeRasterizer().render(prepared.evaluator.displayList(at: time))
    }

    static func rgb(_ hex: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (UInt8(hex >> 16), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), 255)
    }

    /// Every JSON file of the folder is a scene this suite checks.
    @Test func everyTutorialSceneIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        #expect(files.filter { $0.hasSuffix(".json") }.sorted() == Self.scenes.sorted())
    }

    /// Each scene loads without a problem or a warning and draws its poster
    /// frame at a quarter of its canvas's scale.
    @Test(arguments: scenes) func sceneLoadsAndDraws(file: String) throws {
        let prepared = try Self.load(file, scale: 0.25)
        #expect(prepared.warnings.isEmpty)
        let canvas = prepared.scene.canvas
        #expect(canvas.scale == 0.25)
        let frame = Self.render(prepared, at: prepared.scene.posterTime)
        #expect(frame.width == canvas.pixelWidth)
        #expect(frame.height == canvas.pixelHeight)
    }

    /// first.json: the card (a shape in a group scaled by the spring) is
    /// filled with the `accent` parameter, and `--set` replaces it.
    @Test func firstSceneCardTakesTheAccentParameter() throws {
        // (100, 80) pt lies inside the card once the spring has grown it,
        // above its text: pixel (25, 20) at 0.25 px/pt.
        let orange = Self.render(try Self.load("first.json", scale: 0.25), at: 1)
        #expect(orange.pixel(x: 25, y: 20) == Self.rgb(0xFF9500))
        let blue = Self.render(try Self.load("first.json", scale: 0.25,
                                             values: ["accent": "#0A84FF", "title": "Hi there"]), at: 1)
        #expect(blue.pixel(x: 25, y: 20) == Self.rgb(0x0A84FF))
        // Before the spring starts the card has scale 0: only the background
        // (and the sparks, which start below the middle) shows there.
        let start = Self.render(try Self.load("first.json", scale: 0.25), at: 0)
        #expect(start.pixel(x: 25, y: 20) == Self.rgb(0x101828))
    }

    /// card.json with every row of cards.csv, as `reel batch` reads them:
    /// each row's values load and its accent colours the bar on the left.
    @Test func batchTemplateTakesEveryRow() throws {
        let csv = Self.path("cards.csv")
        let bytes = try #require(FileManager.default.contents(atPath: csv))
        let data = try BatchData.read(bytes: Array(bytes), fileName: csv)
        #expect(data.rows.map(\.id) == ["ada", "grace", "linus"])
        for row in data.rows {
            let parameters = row.assignments(baseDirectory: Self.folder.path)
            let prepared = try PreparedScene.load(Self.path("card.json"), canvas: CanvasOverrides(scale: 0.5),
                                                  parameters: parameters)
            let frame = Self.render(prepared, at: prepared.scene.posterTime)
            let accent = try #require(row.fields.first { $0.name == "accent" }?.value)
            guard case .text(let hex) = accent, let value = UInt32(hex.dropFirst(), radix: 16) else {
                Issue.record("row \(row.number): accent \(accent) is not a #RRGGBB colour")
                continue
            }
            // The bar is 12 pt wide at the left edge: pixel (2, 45) at 0.5 px/pt.
            #expect(frame.pixel(x: 2, y: 45) == Self.rgb(value), "row \(row.number)")
        }
    }
}
