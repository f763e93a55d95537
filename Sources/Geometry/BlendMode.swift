/// SwiftUI's blend modes (the separable ones, plus `plusLighter`), as the W3C
/// Compositing spec defines them on premultiplied colour. Shared vocabulary of
/// the scene model and the rasterizer.
public enum BlendMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    /// SwiftUI's `plusLighter`: additive, clamped.
    case plus
}
