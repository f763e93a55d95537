/// The bytes of one font file, read once and never written: FreeType's faces
/// and HarfBuzz's blobs both read them in place, so a file that changes on
/// disk mid-render changes nothing, and the frame cache can digest exactly
/// what was drawn with.
public final class FontFile: @unchecked Sendable {
    /// Where a file came from, for summaries: the bundle, the scene's
    /// `assets.fonts` (by name), or the system (found through fontconfig).
    public enum Origin: Sendable, Equatable {
        case bundled
        case scene(String)
        case system
    }

    public let path: String
    public let origin: Origin
    /// Immutable after `init` (the `@unchecked Sendable` rests on it).
    private let storage: UnsafeMutableRawBufferPointer

    init(path: String, origin: Origin, bytes: [UInt8]) {
        self.path = path
        self.origin = origin
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        count = bytes.count
    }

    deinit { storage.deallocate() }

    /// The file's length in bytes.
    public let count: Int

    /// The file's bytes, valid for as long as the `FontFile` lives.
    var base: UnsafeMutableRawPointer { storage.baseAddress! }

    /// Reads the file's bytes (to digest them).
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.baseAddress, count: count))
    }
}
