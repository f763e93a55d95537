import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// The laid-out text box (points).
    func textBounds(_ text: TextNode, ctx: TimelineContext) -> Rect {
        Rect(origin: .zero, size: .zero)
    }

    /// Glyph outlines filled (and stroked) like any shape.
    func emitText(_ text: TextNode, bounds: Rect, transform: Transform, opacity: Double, ctx: TimelineContext,
                  into items: inout [DisplayItem]) {
    }
}
