import DisplayList
import Geometry
import Pixels

/// Occlusion at the top of a frame: an opaque solid rectangle covering the
/// whole frame, drawn while no layer is open, leaves every pixel its colour,
/// whatever was drawn before. Those items are skipped and the rectangle
/// becomes the frame's background (a deferred clear the next fill writes
/// as it goes), so a splash screen over a map neither draws the map nor
/// copies it from the frame's kept start.
///
/// Only a rectangle whose mapped corners reach or pass the frame's edges
/// counts: every pixel is then wholly inside it (coverage 255), and a full
/// opaque coverage stores the colour as it is, so the frame's bytes are
/// those of drawing everything.
enum OpaqueCover {
    /// The first item to draw and the frame's background: the item after
    /// the last covering rectangle and that rectangle's colour, else 0 and
    /// the list's background.
    static func visible(_ list: DisplayList) -> (first: Int, background: Color) {
        var depth = 0, last: (index: Int, color: Color)?
        for (i, item) in list.items.enumerated() {
            switch item {
            case .beginLayer: depth += 1
            case .endLayer: depth = max(depth - 1, 0)
            case let .fill(path, transform, .solid(color), _) where depth == 0:
                if color.premultipliedPixel >> 24 == 255,
                   covers(path, transform: transform, width: list.width, height: list.height) {
                    last = (i, color)
                }
            default: break
            }
        }
        guard let last else { return (0, list.background) }
        return (last.index + 1, last.color)
    }

    /// Whether `path` is one axis-aligned rectangle, once mapped, holding
    /// 0…width × 0…height.
    static func covers(_ path: Path, transform: Transform, width: Int, height: Int) -> Bool {
        var points: [Point] = []
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .move(let p) where i == 0: points.append(transform.apply(p))
            case .line(let p) where i > 0: points.append(transform.apply(p))
            case .close where i == path.elements.count - 1: break
            default: return false
            }
        }
        guard points.count >= 4, points.count <= 8 else { return false }
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min()!, maxX = xs.max()!, minY = ys.min()!, maxY = ys.max()!
        guard minX <= 0, minY <= 0, maxX >= Double(width), maxY >= Double(height) else { return false }
        // Every point a corner, every edge (the closing one too) along an
        // axis, and four of them not empty: the rectangle, once around.
        var edges = 0, corners: [Point] = []
        for (i, p) in points.enumerated() {
            guard p.x == minX || p.x == maxX, p.y == minY || p.y == maxY else { return false }
            let q = points[(i + 1) % points.count]
            guard p.x == q.x || p.y == q.y else { return false }
            if p != q { edges += 1 }
            if !corners.contains(p) { corners.append(p) }
        }
        return edges == 4 && corners.count == 4
    }
}
