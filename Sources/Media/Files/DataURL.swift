import Foundation

/// `data:` URLs (RFC 2397) standing for a file's bytes: Lottie files embed
/// their images as `data:image/png;base64,…`.
public enum DataURL {
    /// The bytes of a base64 `data:` URL; nil for anything else.
    public static func bytes(_ url: String) -> [UInt8]? {
        guard url.hasPrefix("data:"), let comma = url.firstIndex(of: ",") else { return nil }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma]
        guard header.hasSuffix(";base64") else { return nil }
        return Data(base64Encoded: String(url[url.index(after: comma)...]), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
