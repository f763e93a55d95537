import CFFmpeg

/// SHA-256 through libavutil: names cached frames by their content, the
/// same on every machine (unlike Swift's per-process seeded `Hasher`).
public struct ContentDigest: ~Copyable {
    private let context: OpaquePointer

    public init() {
        context = av_sha_alloc()
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    public func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }
    public func update(_ text: String) { update(Array(text.utf8)) }

    /// The digest as 64 lowercase hex digits; the digest cannot be updated afterwards.
    public consuming func finish() -> String {
        var out = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &out)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: out.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The digest of one buffer.
    public static func of(_ bytes: [UInt8]) -> String {
        let digest = ContentDigest()
        digest.update(bytes)
        return digest.finish()
    }
}
