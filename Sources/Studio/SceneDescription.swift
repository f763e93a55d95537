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
    /// The time shown by default (the scene's poster time, else its middle).
    var poster: Double?
    /// Seconds after which the timeline restarts, if it loops.
    var loop: Double?
    /// Times at which the timeline starts moving something (see `Timeline.marks`).
    var marks: [Double]
    var parameters: [Parameter]
    var warnings: [String]
    var errors: [String]

    init(file: String, version: LiveScene.Version?, errors: [String]) {
        self.file = file
        self.errors = errors
        self.version = version?.number
        guard let prepared = version?.prepared else {
            marks = []; parameters = []; warnings = []
            return
        }
        let scene = prepared.scene, c = scene.canvas
        canvas = CanvasInfo(width: c.width, height: c.height, scale: c.scale, pixelWidth: c.pixelWidth,
                            pixelHeight: c.pixelHeight, background: ParameterValue.hex(c.background))
        fps = c.fps
        frames = c.frameCount
        duration = c.duration
        poster = scene.posterTime
        loop = scene.timeline.loop
        marks = scene.timeline.marks
        parameters = scene.timeline.variables.map(Parameter.init)
        warnings = prepared.warnings.map(\.description)
    }
}

/// One entry of `variables`: a parameter of the scene with its declared value.
struct Parameter: Encodable {
    var name: String
    /// `number`, `colour` or `bool`.
    var type: String
    /// The declared value; nil for keyframed variables, whose value is their keyframes'.
    var value: ParameterValue?
    var keyframed: Bool

    init(_ variable: TimelineVariable) {
        name = variable.name
        type = ParameterValue.typeName(variable.type)
        if case .value(let v) = variable.definition {
            value = ParameterValue(v)
            keyframed = false
        } else {
            keyframed = true
        }
    }
}

/// A variable's value in JSON: a number, `#RRGGBBAA` or a boolean.
enum ParameterValue: Encodable, Equatable {
    case number(Double)
    case colour(String)
    case bool(Bool)

    init(_ value: ExpressionValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .color(let c): self = .colour(Self.hex(c))
        case .bool(let b): self = .bool(b)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let n): try container.encode(n)
        case .colour(let c): try container.encode(c)
        case .bool(let b): try container.encode(b)
        }
    }

    static func typeName(_ type: ValueType) -> String {
        switch type {
        case .number: return "number"
        case .color: return "colour"
        case .bool: return "bool"
        }
    }

    /// sRGB components 0…1 as `#RRGGBBAA`, each rounded to the nearest step of 255.
    static func hex(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + [c.r, c.g, c.b, c.a].map { component -> String in
            let v = Int((min(max(component, 0), 1) * 255).rounded())
            return String([digits[v >> 4], digits[v & 15]])
        }.joined()
    }
}

/// `GET /api/values?t=`: every variable's value at one moment, in declaration order.
struct VariableValues: Encodable {
    struct Entry: Encodable {
        var name: String
        var value: ParameterValue
    }

    var time: Double
    var frame: Int
    var values: [Entry]

    init(_ timeline: Timeline, time: Double, frame: Int) {
        self.time = time
        self.frame = frame
        values = timeline.variables.indices.map { i in
            Entry(name: timeline.variables[i].name, value: ParameterValue(timeline.value(of: VariableIndex(i), at: time)))
        }
    }
}
