import Geometry
import SceneModel

/// The outline and bounds of primitive shapes at a time, in the node's own
/// coordinates (points).
extension ShapeGeometry {
    /// The node's bounds: (0,0)–size.
    func bounds(at time: Double) -> Rect {
        switch self {
        case .rect(let size, _), .ellipse(let size):
            return Rect(origin: .zero, size: size.size(at: time))
        case .circle(.radius(let r)):
            let d = max(r.value(at: time), 0) * 2
            return Rect(origin: .zero, size: Size(d, d))
        case .circle(.size(let size)):
            return Rect(origin: .zero, size: size.size(at: time))
        }
    }

    func path(at time: Double) -> Path {
        let b = bounds(at: time)
        switch self {
        case .rect(_, let radii):
            let r = radii.map { $0.value(at: time) }
            return .roundedRect(b, radii: (r[0], r[1], r[2], r[3]))
        case .ellipse, .circle(.radius):
            return .ellipse(in: b)
        case .circle(.size):
            // SwiftUI's Circle in a frame: the largest circle centred in it.
            let d = min(b.width, b.height)
            return .ellipse(in: Rect(origin: Point((b.width - d) / 2, (b.height - d) / 2), size: Size(d, d)))
        }
    }
}
