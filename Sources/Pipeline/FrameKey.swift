import DisplayList
import Foundation
import Media
import Pixels

/// Names a frame by what it draws: the digest of its display list's
/// canonical bytes, the pixels of every image the scene uses (lists name
/// images, they do not hold them) and the identity of the renderer (the
/// executable's size and modification time), so a rebuilt `reel` never
/// takes an older one's frames for its own. Two frames with the same key
/// have the same pixels, whatever their time or scene file.
public struct FrameKey: Sendable {
    private let salt: [UInt8]

    public init(images: [String: Bitmap]) {
        var salt = CanonicalBytes()
        salt.append("reel frame cache 1")
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        salt.append(executable)
        salt.append((attributes?[.size] as? NSNumber)?.intValue ?? 0)
        salt.append((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        let digest = ContentDigest()
        for name in images.keys.sorted() {
            let image = images[name]!
            salt.append(name); salt.append(image.width); salt.append(image.height)
            digest.update(image.pixels)
        }
        salt.append(digest.finish())
        self.salt = salt.bytes
    }

    /// The key of a frame (64 hex digits); `scratch` is reused between calls to spare allocations.
    public func key(for list: DisplayList, scratch: inout CanonicalBytes) -> String {
        scratch.removeAll()
        list.encode(to: &scratch)
        let digest = ContentDigest()
        digest.update(salt)
        digest.update(scratch.bytes)
        return digest.finish()
    }
}
