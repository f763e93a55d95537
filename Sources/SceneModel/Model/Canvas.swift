import Geometry

/// The output frame: size in points, density, rate, length.
///
/// The one way to get a canvas is the failable initializer, used by the
/// decoder and by every override (`with(scale:fps:)`), so a canvas that
/// exists always has at least one pixel per side, at most `maxPixelSide`, and
/// at least one frame; nothing downstream checks these again.
public struct Canvas: Sendable, Equatable {
    /// Largest canvas side in pixels (points × scale).
    public static let maxPixelSide = 16384
    /// Largest canvas in pixels (width × height after `scale`): one frame of
    /// it is 256 MiB of RGBA, and a render holds several (docs/LIMITS.md).
    public static let maxPixels = 64 << 20
    /// `maxPixels` as messages state it.
    public static let pixelLimit = "\(maxPixels) pixels (64 Mi)"
    /// Longest scene, in seconds.
    public static let maxDuration = 3600.0
    public static let maxFPS = 240.0

    /// Points.
    public let width: Double
    public let height: Double
    /// Pixels per point.
    public let scale: Double
    /// Frames per second.
    public let fps: Double
    /// Seconds.
    public let duration: Double
    /// The scene time of the first frame, seconds: a render covers
    /// start…start + duration (an imported animation whose first frame is
    /// not its time 0 keeps its own times).
    public let start: Double
    public let background: Color

    /// Checks every field, then the sizes and frame count they give; reports
    /// every problem at once.
    public init(width: Double, height: Double, scale: Double = 1, fps: Double = 60,
                duration: Double, start: Double = 0, background: Color = .clear) throws(CanvasError) {
        let fields: [(CanvasField, Double)] = [(.width, width), (.height, height), (.scale, scale),
                                               (.fps, fps), (.duration, duration), (.start, start)]
        let problems = fields.compactMap { field, value in field.problem(value) }
        guard problems.isEmpty else { throw CanvasError(problems: problems) }
        self.width = width
        self.height = height
        self.scale = scale
        self.fps = fps
        self.duration = duration
        self.start = start
        self.background = background
        let limit = Self.maxPixelSide
        guard (1...limit).contains(pixelWidth), (1...limit).contains(pixelHeight) else {
            throw CanvasError(problems: [.pixelSize(width: pixelWidth, height: pixelHeight)])
        }
        guard pixelWidth * pixelHeight <= Self.maxPixels else {
            throw CanvasError(problems: [.pixelCount(width: pixelWidth, height: pixelHeight)])
        }
        guard frameCount >= 1 else { throw CanvasError(problems: [.noFrame(duration: duration, fps: fps)]) }
    }

    /// The same canvas at another density or frame rate, checked like a new one.
    public func with(scale: Double? = nil, fps: Double? = nil) throws(CanvasError) -> Canvas {
        try Canvas(width: width, height: height, scale: scale ?? self.scale, fps: fps ?? self.fps,
                   duration: duration, start: start, background: background)
    }

    /// Output size in whole pixels (points × scale, rounded to nearest).
    /// Computed in Double and clamped before conversion, so even a refused
    /// size is a number to report, never a trap.
    public var pixelWidth: Int { Self.pixels(width * scale) }
    public var pixelHeight: Int { Self.pixels(height * scale) }

    /// The scene time just after the last frame.
    public var end: Double { start + duration }

    /// The times a scene covers, as messages state them: "lasts 3 s", or
    /// "runs from 1 s to 4 s" when it does not start at 0.
    public static func span(start: Double, end: Double) -> String {
        start == 0 ? "lasts \(JSONValue.format(end)) s" : "runs from \(JSONValue.format(start)) s to \(JSONValue.format(end)) s"
    }

    /// round(duration × fps), halves rounded up, as the format specifies.
    public var frameCount: Int { Int((duration * fps + 0.5).rounded(.down)) }

    private static func pixels(_ v: Double) -> Int {
        let r = v.rounded()
        return r.isFinite ? Int(min(max(r, -1), Double(Int32.max))) : Int(Int32.max)
    }
}

/// The fields of a canvas and the range each must lie in.
public enum CanvasField: String, Sendable, Equatable {
    case width, height, scale, fps, duration, start

    /// The range, as the decoder's messages state it ("> 0 and ≤ 240").
    public var requirement: String {
        switch self {
        case .width, .height, .scale: return "> 0"
        case .fps: return "> 0 and ≤ 240"
        case .duration: return "> 0 and ≤ 3600"
        case .start: return "≥ -3600 and ≤ 3600"
        }
    }

    /// What is wrong with `value` for this field, if anything.
    public func problem(_ value: Double) -> CanvasProblem? {
        let upper: Double
        switch self {
        case .width, .height, .scale: upper = .greatestFiniteMagnitude
        case .fps: upper = Canvas.maxFPS
        case .duration: upper = Canvas.maxDuration
        case .start: return abs(value) <= Canvas.maxDuration ? nil : .outOfRange(self, value)
        }
        return value > 0 && value <= upper ? nil : .outOfRange(self, value)
    }
}

/// One reason a canvas cannot be made, as data: each caller (the decoder with
/// JSON paths, the command line with its flags) words it.
public enum CanvasProblem: Sendable, Equatable {
    case outOfRange(CanvasField, Double)
    /// Width × scale or height × scale rounds outside 1…`Canvas.maxPixelSide`.
    case pixelSize(width: Int, height: Int)
    /// Each side fits, but width × height is over `Canvas.maxPixels`.
    case pixelCount(width: Int, height: Int)
    /// duration × fps rounds to no frame.
    case noFrame(duration: Double, fps: Double)
}

public struct CanvasError: Error, Sendable, Equatable {
    public var problems: [CanvasProblem]
    public init(problems: [CanvasProblem]) { self.problems = problems }
}
