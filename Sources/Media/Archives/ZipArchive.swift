import CZip

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive read from bytes in memory with libzip: the entries' names,
/// and an entry's bytes on demand (a `.lottie` file is one). Sizes are
/// checked against the limit before anything is inflated, and every entry
/// is checked against its CRC as libzip reads it.
public final class ZipArchive {
    /// Why an archive or an entry could not be read, in libzip's words.
    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// The most bytes one entry may inflate to (a scene file's limit).
    public static let maxEntryBytes = 64 << 20

    private let archive: OpaquePointer
    /// The entries' names, in the archive's order.
    public let names: [String]

    public init(_ bytes: [UInt8]) throws(Failure) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // libzip frees the copy with the source (freep 1) when the archive closes.
        guard let copy = malloc(max(bytes.count, 1)) else { throw Failure(message: "out of memory") }
        bytes.withUnsafeBytes { if let base = $0.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) } }
        guard let source = zip_source_buffer_create(copy, zip_uint64_t(bytes.count), 1, &error) else {
            free(copy)
            throw Failure(message: String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_CHECKCONS | ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw Failure(message: String(cString: zip_error_strerror(&error)))
        }
        self.archive = archive
        let count = max(zip_get_num_entries(archive, 0), 0)
        names = (0..<count).compactMap { zip_get_name(archive, zip_uint64_t($0), 0).map { String(cString: $0) } }
    }

    deinit { zip_discard(archive) }

    /// The bytes of the entry `name`; nil when there is none.
    public func entry(_ name: String) throws(Failure) -> [UInt8]? {
        let index = zip_name_locate(archive, name, 0)
        guard index >= 0 else { return nil }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, zip_uint64_t(index), 0, &stat) == 0 else { throw failure() }
        guard stat.size <= zip_uint64_t(Self.maxEntryBytes) else {
            throw Failure(message: "\(name) inflates to \(stat.size) bytes; at most \(Self.maxEntryBytes) (64 MiB)")
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else { throw failure() }
        defer { zip_fclose(file) }
        let count = Int(stat.size)
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = out.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + filled, zip_uint64_t(count - filled)) }
            guard n > 0 else {
                throw n < 0 ? Failure(message: "\(name): " + String(cString: zip_error_strerror(zip_file_get_error(file)))) : Failure(message: "\(name) ends early")
            }
            filled += Int(n)
        }
        return out
    }

    private func failure() -> Failure {
        Failure(message: String(cString: zip_error_strerror(zip_get_error(archive))))
    }
}
