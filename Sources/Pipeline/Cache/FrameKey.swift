import DisplayList
import Foundation
import Media
import Pixels
import Raster
import Typesetting

/// Names a frame by what it draws: the digest of its display list's
/// canonical bytes, the pixels of every image the scene uses (lists name
/// images, they do not hold them), the bytes of every font file loaded
/// (lists name glyphs by face and index, and a colour glyph's pixels come
/// from its file; an installed font may change between renders) and the
/// identity of the renderer (`RendererIdentity`), so a rebuilt `reel` never
/// takes an older one's frames for its own. Two frames with the same key
/// have the same pixels, whatever their time or scene file.
public struct FrameKey: Sendable {
    private let salt: [UInt8]

    public init(images: [String: Bitmap], fonts: [FontFile] = []) {
        var salt = CanonicalBytes()
        salt.append("reel frame cache 1")
        salt.append(RendererIdentity.current)
        salt.append(BlurResolution.exactFromEnvironment) // REEL_EXACT_BLUR=1 draws other pixels
        let digest = ContentDigest()
        for name in images.keys.sorted() {
            let image = images[name]!
            salt.append(name); salt.append(image.width); salt.append(image.height)
            digest.update(image.pixels)
        }
        for font in fonts {
            salt.append(font.path); salt.append(font.count)
            font.withBytes { digest.update($0) }
        }
        salt.append(digest.finish())
        self.salt = salt.bytes
    }

    /// The key of a frame (64 hex digits), from its one encoding.
    public func key(for frame: EncodedDisplayList) -> String {
        let digest = ContentDigest()
        digest.update(salt)
        digest.update(frame.bytes)
        return digest.finish()
    }
}
