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
        guard let natural = imageSizes[image.name], natural.width > 0, natural.height > 0,
              bounds.width > 0, bounds.height > 0 else { return }
        let sx = bounds.width / natural.width, sy = bounds.height / natural.height
        let placement: Transform
        var tile = false
        switch image.size == nil ? .stretch : (image.contentMode ?? .stretch) {
        case .stretch:
            placement = .scale(sx, sy)
        case .fit, .fill:
            let s = image.contentMode == .fit ? min(sx, sy) : max(sx, sy)
            placement = Transform.translation((bounds.width - natural.width * s) / 2, (bounds.height - natural.height * s) / 2)
                .concatenating(.scale(s, s))
        case .tile:
            placement = .identity
            tile = true
        }
        items.append(.fill(path: .roundedRect(bounds, radii: (0, 0, 0, 0)), transform: transform,
                           paint: .image(name: image.name, transform: placement, tile: tile, opacity: opacity),
                           rule: .nonzero))
    }
}
