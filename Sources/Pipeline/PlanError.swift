import SceneModel

/// Why a request does not fit its scene, as data: the command line words
/// these with its own flag names.
public enum PlanError: Error, Sendable, Equatable {
    /// Frames asked for beyond the scene's `frameCount`.
    case framesOutOfRange(ClosedRange<Int>, frameCount: Int)
    /// A moment outside 0…duration seconds.
    case timeOutOfRange(Double, duration: Double)
    /// The request names no output.
    case nothingToWrite

    /// The library's wording, without flag names.
    func words(scene: String) -> String {
        switch self {
        case let .framesOutOfRange(range, count):
            return "frames \(range.lowerBound)-\(range.upperBound): \(scene) has \(count) frames (0-\(count - 1))"
        case let .timeOutOfRange(time, duration):
            return "time \(time) s: \(scene) lasts \(duration) s"
        case .nothingToWrite:
            return "nothing to write: the request names no output"
        }
    }
}

extension CanvasProblem {
    /// The library's wording of a canvas that an override broke.
    func words(scene: String) -> String {
        switch self {
        case let .outOfRange(field, value):
            return "\(scene): \(field.rawValue) \(value) is outside its range (\(field.requirement))"
        case let .pixelSize(width, height):
            return "\(scene): the canvas would be \(width)×\(height) pixels; each side must be 1…\(Canvas.maxPixelSide)"
        case let .noFrame(duration, fps):
            return "\(scene): \(duration) s at \(fps) fps gives no frame"
        }
    }
}
