import Animation
import Geometry

/// A scene parameter: one entry of `variables`. Its declared value is the
/// default that `--set`, `--vars` or a batch row may replace when the scene
/// is loaded.
public struct Parameter: Sendable, Equatable {
    public var name: String
    public var kind: ParameterKind
    /// The value in force: the declared default, or the assigned one.
    /// Nil for a variable declared as keyframes (it cannot be set).
    public var value: ParameterValue?

    public init(name: String, kind: ParameterKind, value: ParameterValue?) {
        self.name = name
        self.kind = kind
        self.value = value
    }
}

/// What a parameter holds. Numbers, colours, booleans and points are timeline
/// variables that expressions read and events animate; strings, images and
/// sounds and videos are fixed for the render: they fill text placeholders,
/// name images and name the files of audio clips and video layers.
public enum ParameterKind: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    case number, color, bool, point, string, image, audio, video, list

    /// With its article, as messages say it: "expected a colour".
    public var description: String {
        switch self {
        case .number: return "a number"
        case .color: return "a colour"
        case .bool: return "true or false"
        case .point: return "a point (two numbers: x,y)"
        case .string: return "a string"
        case .image: return "an image (an asset name or an image file path)"
        case .audio: return "a sound file (a path ending in .wav, .aiff, .flac, .mp3, .m4a, .aac, .opus or .ogg)"
        case .video: return "a video file (a path ending in .mp4, .m4v, .mov, .webm, .mkv or .gif)"
        case .list: return "a list (a JSON array of numbers, strings, booleans or objects of those)"
        }
    }
}

/// A typed parameter value.
public enum ParameterValue: Sendable, Equatable {
    case number(Double)
    case color(Color)
    case bool(Bool)
    /// A point or size: `[x, y]` in a scene, `x,y` on a command line.
    case point(Point)
    case string(String)
    /// An asset name of `assets.images`, or an image file's path relative to the scene
    /// file (or absolute).
    case image(String)
    /// A sound file's path, relative to the scene file (or absolute).
    case audio(String)
    /// A video file's path, relative to the scene file (or absolute).
    case video(String)
    /// What a `forEach` draws one copy of its content for.
    case list([ListItem])

    public var kind: ParameterKind {
        switch self {
        case .number: return .number
        case .color: return .color
        case .bool: return .bool
        case .point: return .point
        case .string: return .string
        case .image: return .image
        case .audio: return .audio
        case .video: return .video
        case .list: return .list
        }
    }

    /// As a user would write it: `17`, `#B71C1CFF`, `true`, `100,200`, `"Oslo"`, `card1`.
    public var text: String {
        switch self {
        case .number(let n): return JSONValue.format(n)
        case .color(let c):
            let hex = [c.r, c.g, c.b, c.a].map { v -> String in
                let byte = Int((min(max(v, 0), 1) * 255).rounded())
                return String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
            return "#" + hex.joined()
        case .bool(let b): return b ? "true" : "false"
        case .point(let p): return JSONValue.format(p.x) + "," + JSONValue.format(p.y)
        case .string(let s): return "\"\(s)\""
        case .image(let name), .audio(let name), .video(let name): return name
        case .list(let items): return ListItem.json(items)
        }
    }

    /// The timeline's form of a number, colour, boolean or point.
    var expressionValue: ExpressionValue? {
        switch self {
        case .number(let n): return .number(n)
        case .color(let c): return .color(c)
        case .bool(let b): return .bool(b)
        case .point(let p): return .point(p)
        case .string, .image, .audio, .video, .list: return nil
        }
    }
}
