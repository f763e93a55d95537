import Glibc
import DisplayList

/// A frame's display items in canonical bytes (`CanonicalBytes`, the frame
/// cache's encoding), item after item in one buffer, with the layer
/// structure: what cross-frame reuse compares. Equal bytes mean equal items,
/// hence equal pixels, so a comparison of bytes (never of a hash alone)
/// decides every reuse.
struct EncodedItems {
    private(set) var bytes = CanonicalBytes()
    /// The frame's size and background, then item i's bytes end at `ends[i]`.
    private(set) var ends: [Int] = []
    /// For a `beginLayer` at i: the index of its `endLayer` (the item count
    /// when the list leaves it open); -1 for other items.
    private(set) var closing: [Int] = []
    /// For a `beginLayer` at i: whether the layer or one inside it has a
    /// backdrop, i.e. reads the pixels beneath it.
    private(set) var readsBeneath: [Bool] = []
    /// Indices after which no layer is open (0 … count): where the frame
    /// itself holds everything drawn so far.
    private(set) var topLevel: [Int] = []
    /// Where the header (size, background) ends in `bytes`.
    private(set) var headerEnd = 0

    mutating func encode(_ list: DisplayList) {
        bytes.removeAll()
        ends.removeAll(keepingCapacity: true)
        closing.removeAll(keepingCapacity: true)
        readsBeneath.removeAll(keepingCapacity: true)
        topLevel.removeAll(keepingCapacity: true)
        bytes.append(list.width); bytes.append(list.height); bytes.append(list.background)
        let header = bytes.bytes.count
        var open: [Int] = []
        topLevel.append(0)
        for (i, item) in list.items.enumerated() {
            item.encode(to: &bytes)
            ends.append(bytes.bytes.count)
            closing.append(-1)
            readsBeneath.append(false)
            switch item {
            case .beginLayer(let layer):
                open.append(i)
                if layer.backdrop != nil { open.indices.forEach { readsBeneath[open[$0]] = true } }
            case .endLayer:
                if let begin = open.popLast() { closing[begin] = i }
            default:
                break
            }
            if open.isEmpty { topLevel.append(i + 1) }
        }
        for begin in open { closing[begin] = list.items.count }
        headerEnd = header
    }

    /// The bytes of items `range` (the header first when it starts at 0).
    func bytes(of range: Range<Int>) -> ArraySlice<UInt8> {
        let start = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
        let end = range.isEmpty ? start : ends[range.upperBound - 1]
        return bytes.bytes[start..<end]
    }

    /// Whether two runs of bytes are equal: `memcmp`, where the generic
    /// element-by-element comparison was a tenth of a frame's drawing in
    /// `snow` (its items are megabytes of sprite bytes).
    static func same<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        let result = a.withContiguousStorageIfAvailable { pa in
            b.withContiguousStorageIfAvailable { pb in
                pa.isEmpty || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
        return (result ?? nil) ?? a.elementsEqual(b)
    }

    /// The largest top-level index k such that items 0..<k (and the header)
    /// are the same bytes in both.
    func commonTopLevelPrefix(with other: EncodedItems) -> Int {
        guard headerEnd == other.headerEnd,
              Self.same(bytes.bytes.prefix(headerEnd), other.bytes.bytes.prefix(headerEnd)) else { return 0 }
        var best = 0
        for k in topLevel.dropFirst() {
            guard k <= other.ends.count, ends[k - 1] == other.ends[k - 1],
                  Self.same(bytes(of: best..<k), other.bytes(of: best..<k)) else { break }
            best = k
        }
        return best
    }
}
