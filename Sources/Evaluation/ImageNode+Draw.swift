import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// An image node is its bounds rectangle filled with the image, placed by
    /// the content mode: stretched to the bounds (SwiftUI's `resizable()`),
    /// scaled to fit or fill them keeping its aspect ratio (centred; `fill`
    /// is cut at the bounds), or tiled at natural size from the top-left.
    func emitImage(_ image: ImageNode, bounds: Rect, transform: Transform, opacity: Double,
                   into items: inout [DisplayItem]) {
        guard let natural = imageSizes[image.name],
              let (placement, tile) = Self.imagePlacement(natural: natural, bounds: bounds, sized: image.size != nil,
                                                          mode: image.contentMode) else { return }
        items.append(.fill(path: .roundedRect(bounds, radii: (0, 0, 0, 0)), transform: transform,
                           paint: .image(name: image.name, transform: placement, tile: tile, opacity: opacity),
                           rule: .nonzero))
    }

    /// Where a picture of `natural` size sits in `bounds` (picture pixels →
    /// bounds) and whether it tiles; nil when either is empty. Without a
    /// size (`sized` false) the bounds are the natural size.
    static func imagePlacement(natural: Size, bounds: Rect, sized: Bool, mode: ContentMode?) -> (Transform, Bool)? {
        guard natural.width > 0, natural.height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let sx = bounds.width / natural.width, sy = bounds.height / natural.height
        switch sized ? (mode ?? .stretch) : .stretch {
        case .stretch:
            return (.scale(sx, sy), false)
        case .fit, .fill:
            let s = mode == .fit ? min(sx, sy) : max(sx, sy)
            return (Transform.translation((bounds.width - natural.width * s) / 2, (bounds.height - natural.height * s) / 2)
                .concatenating(.scale(s, s)), false)
        case .tile:
            return (.identity, true)
        }
    }
}
