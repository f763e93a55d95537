/// A frame's display list with its canonical bytes (`CanonicalBytes`),
/// encoded once and read by both that need them: the frame cache digests
/// `bytes` into the frame's key, and frame reuse compares runs of items'
/// bytes with those of the frame drawn before. For a snow frame the bytes
/// are megabytes of sprites, so encoding twice was a cost of its own.
public struct EncodedDisplayList: Sendable {
    public let list: DisplayList
    /// The list's canonical bytes, exactly those of `list.encode(to:)`.
    public let bytes: [UInt8]
    /// Where the items' bytes begin: after the size, the background and the item count.
    public let itemsStart: Int
    /// Where item i's bytes end; they begin where item i − 1's end.
    public let itemEnds: [Int]

    /// Encodes `list`; `capacity` (bytes), the size of a like list's
    /// encoding, spares the buffer its growth.
    public init(_ list: DisplayList, capacity: Int = 0) {
        var out = CanonicalBytes()
        out.reserveCapacity(capacity)
        list.encodeHeader(to: &out)
        itemsStart = out.bytes.count
        var ends: [Int] = []
        ends.reserveCapacity(list.items.count)
        for item in list.items {
            item.encode(to: &out)
            ends.append(out.bytes.count)
        }
        self.list = list
        bytes = out.bytes
        itemEnds = ends
    }

    /// The bytes of items `range`, one after another.
    public func bytes(ofItems range: Range<Int>) -> ArraySlice<UInt8> {
        let start = range.lowerBound == 0 ? itemsStart : itemEnds[range.lowerBound - 1]
        let end = range.isEmpty ? start : itemEnds[range.upperBound - 1]
        return bytes[start..<end]
    }
}
