import Animation
import Geometry
import Pipeline
import SceneModel

/// `GET /api/scene`: what the page needs to lay itself out — the canvas,
/// the timing, the scrubber's marks, the parameters — plus the warnings of
/// the version shown and the errors of the file as it is now.
struct SceneDescription: Encodable {
    struct CanvasInfo: Encodable {
        /// Points, and pixels per point.
        var width: Double, height: Double, scale: Double
        var pixelWidth: Int, pixelHeight: Int
        /// `#RRGGBBAA`, straight alpha.
        var background: String
    }

    var file: String
    /// The version shown (see `LiveScene.Version.number`); nil before the scene first loads.
    var version: Int?
    var canvas: CanvasInfo?
    var fps: Double?
    var frames: Int?
    /// Seconds.
    var duration: Double?
    /// The time of the first frame when it is not 0 (the page takes 0).
    var start: Double?
    /// The time shown by default (the scene's poster time, else its middle),
    /// and the frame it falls in: where the page's playhead starts.
    var poster: Double?
    var posterFrame: Int?
    /// Seconds after which the timeline restarts, if it loops.
    var loop: Double?
    /// Times at which the timeline starts moving something (see `Timeline.marks`).
    var marks: [Double]
    var parameters: [ParameterEntry]
    var warnings: [String]
    var errors: [String]
    /// Whether the scene has sound (`GET /api/sound.wav`).
    var sound = false

    /// - Parameter set: the names given values by `--set`, `--vars` or the page.
    init(file: String, version: LiveScene.Version?, errors: [String], set: [String] = []) {
        self.file = file
        self.errors = errors
        self.version = version?.number
        guard let prepared = version?.prepared else {
            marks = []; parameters = []; warnings = []
            return
        }
        let scene = prepared.scene, c = scene.canvas
        canvas = CanvasInfo(width: c.width, height: c.height, scale: c.scale, pixelWidth: c.pixelWidth,
                            pixelHeight: c.pixelHeight, background: JSONScalar.hex(c.background))
        fps = c.fps
        frames = c.frameCount
        duration = c.duration
        start = c.start == 0 ? nil : c.start
        poster = scene.posterTime
        posterFrame = c.frame(at: scene.posterTime)
        loop = scene.timeline.loop
        marks = scene.timeline.marks
        parameters = scene.parameters.map { ParameterEntry($0, set: set.contains($0.name)) }
        warnings = prepared.warnings.map(\.description)
        sound = !prepared.sound.isEmpty
    }
}

/// One parameter of the scene (an entry of `variables`) with the value in force.
struct ParameterEntry: Encodable {
    var name: String
    /// `number`, `color`, `bool`, `point`, `string`, `image` or `audio`.
    var type: String
    /// The declared value or the one set; nil for keyframed variables.
    var value: JSONScalar?
    var keyframed: Bool
    /// Given a value by `--set`, `--vars` or the page rather than the file.
    var set: Bool
    /// The page may change it: numbers, colours, points and strings that are not keyframed.
    var editable: Bool

    init(_ parameter: Parameter, set: Bool) {
        name = parameter.name
        type = parameter.kind.rawValue
        value = parameter.value.map(JSONScalar.init)
        keyframed = parameter.value == nil
        self.set = set
        editable = !keyframed && [.number, .color, .point, .string].contains(parameter.kind)
    }
}

/// A value in JSON: a number, a string (colours as `#RRGGBBAA`), a boolean
/// or a point `[x, y]`.
enum JSONScalar: Encodable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case point(Double, Double)

    init(_ value: ExpressionValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .string(Self.hex(c))
        case .bool(let b): self = .bool(b)
        case .point(let p): self = .point(p.x, p.y)
        }
    }

    init(_ value: ParameterValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .string(Self.hex(c))
        case .bool(let b): self = .bool(b)
        case .point(let p): self = .point(p.x, p.y)
        case .string(let s), .image(let s), .audio(let s), .video(let s): self = .string(s)
        case .list: self = .string(value.text)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let n): try container.encode(n)
        case .string(let s): try container.encode(s)
        case .bool(let b): try container.encode(b)
        case let .point(x, y): try container.encode([x, y])
        }
    }

    /// sRGB components 0…1 as `#RRGGBBAA`, each rounded to the nearest step of 255.
    static func hex(_ c: Color) -> String { ParameterValue.color(c).text }
}

/// `GET /api/values?t=`: every variable's value at one moment, in declaration order.
struct VariableValues: Encodable {
    struct Entry: Encodable {
        var name: String
        var value: JSONScalar
    }

    var time: Double
    var frame: Int
    var values: [Entry]

    init(_ moment: TimelineContext) {
        time = moment.time
        frame = Int(moment.frame)
        let timeline = moment.timeline
        values = timeline.variables.indices.map { i in
            Entry(name: timeline.variables[i].name, value: JSONScalar(timeline.value(of: VariableIndex(i), at: moment.time)))
        }
    }
}
