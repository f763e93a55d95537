/// The components a per-channel colour filter (`levels`) changes: red,
/// green and blue together, or one of the four.
public enum ColorChannels: String, Sendable, Equatable, Hashable, CaseIterable {
    case rgb, red, green, blue, alpha
}
