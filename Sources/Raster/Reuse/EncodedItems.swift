import Glibc
import DisplayList

/// The items a frame draws, in the canonical bytes of the frame's one
/// encoding (`EncodedDisplayList`, the frame cache's bytes too), with the
/// layer structure: what cross-frame reuse compares. Items an opaque cover
/// hides (`OpaqueCover`) are not drawn: drawing starts at item `first`, over
/// `base`. Equal bytes mean equal items, hence equal pixels, so a comparison
/// of bytes (never of a hash alone) decides every reuse. Indices are those
/// of the whole list.
struct EncodedItems {
    /// What the drawn items start from: the frame's size and its clear
    /// pixel (the background, premultiplied).
    struct Base: Equatable {
        var width = 0, height = 0
        var clear: UInt32 = 0
    }

    private(set) var frame = EncodedDisplayList(DisplayList(width: 0, height: 0, background: .clear))
    private(set) var first = 0
    private(set) var base = Base()
    /// For a `beginLayer` at i: the index of its `endLayer` (the item count
    /// when the list leaves it open); -1 for other items.
    private(set) var closing: [Int] = []
    /// For a `beginLayer` at i: whether the layer or one inside it has a
    /// backdrop, i.e. reads the pixels beneath it.
    private(set) var readsBeneath: [Bool] = []
    /// Indices after which no layer is open (`first` … count): where the
    /// frame itself holds everything drawn so far.
    private(set) var topLevel: [Int] = []

    /// Takes `frame`, drawn from item `first` over its `clear` pixel.
    mutating func take(_ frame: EncodedDisplayList, first: Int, clear: UInt32) {
        self.frame = frame
        self.first = first
        let items = frame.list.items
        base = Base(width: frame.list.width, height: frame.list.height, clear: clear)
        closing.removeAll(keepingCapacity: true)
        readsBeneath.removeAll(keepingCapacity: true)
        topLevel.removeAll(keepingCapacity: true)
        closing.append(contentsOf: repeatElement(-1, count: items.count))
        readsBeneath.append(contentsOf: repeatElement(false, count: items.count))
        var open: [Int] = []
        topLevel.append(first)
        for i in first..<items.count {
            switch items[i] {
            case .beginLayer(let layer):
                open.append(i)
                if layer.backdrop != nil { for begin in open { readsBeneath[begin] = true } }
            case .endLayer:
                if let begin = open.popLast() { closing[begin] = i }
            default:
                break
            }
            if open.isEmpty { topLevel.append(i + 1) }
        }
        for begin in open { closing[begin] = items.count }
    }

    /// The bytes of items `range`.
    func bytes(of range: Range<Int>) -> ArraySlice<UInt8> { frame.bytes(ofItems: range) }

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

    /// The most items n from `first` such that no layer is open after them
    /// and they, and the base, are the same in `other` from its `first`.
    func commonTopLevelPrefix(with other: EncodedItems) -> Int {
        guard base == other.base else { return 0 }
        let shift = other.first - first, otherCount = other.frame.itemEnds.count
        var best = first
        for k in topLevel.dropFirst() {
            guard k + shift <= otherCount, Self.same(bytes(of: best..<k), other.bytes(of: (best + shift)..<(k + shift))) else { break }
            best = k
        }
        return best - first
    }
}
