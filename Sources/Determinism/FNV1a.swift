/// FNV-1a, 64-bit (Fowler, Noll & Vo): the one stable hash, the same in
/// every process and on every machine, where Swift's `Hasher` is seeded per
/// process. Each step xors a value into the state and multiplies by the FNV
/// prime; a step usually takes a byte, and where speed matters (megabytes of
/// display-list bytes) a whole 64-bit word. Not cryptographic: whoever
/// decides equality by it compares the hashed bytes as well.
public struct FNV1a {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x100_0000_01b3

    /// The hash of everything combined so far.
    public var value: UInt64 { state }
    @usableFromInline var state = FNV1a.offsetBasis

    public init() {}

    /// One step with `v` (a byte, or a whole word).
    @inlinable @inline(__always)
    public mutating func combine(_ v: UInt64) {
        state = (state ^ v) &* Self.prime
    }

    /// A step per byte: FNV-1a as specified.
    @inlinable
    public mutating func combine<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { combine(UInt64(byte)) }
    }

    /// A step per little-endian 8-byte word, then a step per byte of the
    /// rest: an eighth of the steps of `combine(bytes:)`, another value.
    public mutating func combine(words raw: UnsafeRawBufferPointer) {
        var i = 0
        while i + 8 <= raw.count {
            combine(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        while i < raw.count {
            combine(UInt64(raw[i]))
            i += 1
        }
    }
}
