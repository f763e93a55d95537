/// Which points a path covers where its sub-paths overlap.
public enum FillRule: String, Sendable, Equatable, Hashable, CaseIterable {
    case nonzero, evenodd
}
