/// Font weights by SwiftUI's names (`Font.Weight`), lightest to heaviest.
public enum FontWeight: String, Sendable, Equatable, Hashable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType weight class (100…900) a face of this weight declares.
    public var weightClass: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}

/// How lines of text sit in their box (SwiftUI's `TextAlignment`).
public enum TextAlignment: String, Sendable, Equatable, Hashable, CaseIterable {
    case leading, center, trailing
}
