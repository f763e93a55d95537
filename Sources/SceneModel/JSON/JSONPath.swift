/// A JSONPath-style address of a value (`$.layers[2].fill`), built while
/// decoding so every diagnostic can say which value it is about.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public private(set) var description: String

    public static let root = JSONPath(description: "$")

    public func key(_ k: String) -> JSONPath {
        let plain = !k.isEmpty && k.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        return JSONPath(description: description + (plain ? ".\(k)" : "[\"\(k)\"]"))
    }

    public func index(_ i: Int) -> JSONPath {
        JSONPath(description: description + "[\(i)]")
    }
}
