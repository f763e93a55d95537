/// SwiftUI's blend modes, as the W3C Compositing spec defines them on
/// premultiplied colour: the separable and non-separable blend modes
/// composited source-over, and SwiftUI's Porter–Duff cases. Shared
/// vocabulary of the scene model and the rasterizer.
public enum BlendMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    /// The non-separable modes: they mix hue, saturation and luminosity.
    case hue, saturation, color, luminosity
    /// Porter–Duff: the source only where the destination is, over it.
    case sourceAtop
    /// Porter–Duff: the destination over the source.
    case destinationOver
    /// Porter–Duff: the destination, erased where the source is.
    case destinationOut
    /// Core Graphics' `plusDarker`: inverted colours added, inverted back.
    case plusDarker
    /// SwiftUI's `plusLighter`: additive, clamped.
    case plus

    /// The mode a scene names: the raw value, or `plusLighter` for `plus`
    /// (SwiftUI's name for it).
    public init?(sceneName: String) {
        if sceneName == "plusLighter" { self = .plus } else { self.init(rawValue: sceneName) }
    }
}
