/// The item references of a HEIF file (its `meta` box's `iref`, ISO/IEC
/// 14496-12 §8.11.12), read before libheif sees the file: libheif 1.15
/// follows what decoding an image needs — a derived image's inputs (`dimg`:
/// a grid's tiles), an image's auxiliary images (`auxl`, pointing from the
/// alpha plane to its image) — without noticing a chain that leads back,
/// and recurses until the stack runs out: a crash on a file of under a
/// kilobyte (found by the image fuzzer: a grid whose alpha plane was a grid
/// of the image itself).
enum HEIFReferences {
    /// Whether decoding some item needs, through any chain, that item itself.
    static func haveCycle(_ bytes: [UInt8]) -> Bool {
        var edges: [UInt32: [UInt32]] = [:]
        for (type, from, to) in references(bytes) {
            switch type {
            case "dimg": edges[from, default: []].append(contentsOf: to)
            case "auxl": for image in to { edges[image, default: []].append(from) }
            default: break
            }
        }
        // Depth-first, iteratively (a chain may be long): 1 = on the path, 2 = done.
        var state: [UInt32: Int] = [:]
        for root in edges.keys where state[root] == nil {
            var stack: [(item: UInt32, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let targets = edges[top.item] ?? []
                guard top.next < targets.count else {
                    state[top.item] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = targets[top.next]
                switch state[target] {
                case 1: return true
                case 2: continue
                default:
                    state[target] = 1
                    stack.append((target, 0))
                }
            }
        }
        return false
    }

    /// Every reference of the `iref` box: its type, from an item to items.
    /// Read as libheif reads them, one after another from where the last
    /// ended: libheif takes each reference's type from its box header but
    /// not its size, so a size that claims more (or less) must not hide the
    /// references behind it (found by the image fuzzer: a `dimg` that said
    /// it covered the rest of the box hid an `auxl` closing a cycle).
    private static func references(_ bytes: [UInt8]) -> [(String, UInt32, [UInt32])] {
        guard let meta = boxes(bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }),
              meta.body.count >= 4,
              let iref = boxes(bytes, in: meta.body.lowerBound + 4..<meta.body.upperBound).first(where: { $0.type == "iref" }),
              iref.body.count >= 4 else { return [] }
        let wide = bytes[iref.body.lowerBound] != 0   // version 1: 32-bit item IDs
        let idSize = wide ? 4 : 2
        let end = iref.body.upperBound
        var at = iref.body.lowerBound + 4
        var found: [(String, UInt32, [UInt32])] = []
        while let header = ISOBoxHeader(bytes, at: at, end: end) {
            at += header.length
            guard end - at >= idSize + 2 else { break }
            let from = number(bytes, at, idSize)
            let count = Int(number(bytes, at + idSize, 2))
            at += idSize + 2
            var to: [UInt32] = []
            for _ in 0..<count where end - at >= idSize {
                to.append(number(bytes, at, idSize))
                at += idSize
            }
            found.append((header.type, from, to))
        }
        return found
    }

    /// The boxes laid end to end in `range`: each one's type and the bytes
    /// after its header (cut at the range's end).
    private static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [(type: String, body: Range<Int>)] {
        var found: [(type: String, body: Range<Int>)] = []
        var at = range.lowerBound
        while let header = ISOBoxHeader(bytes, at: at, end: range.upperBound) {
            let size = header.size ?? UInt64(range.upperBound - at)
            guard size >= UInt64(header.length) else { break }
            let end = size > UInt64(range.upperBound - at) ? range.upperBound : at + Int(size)
            found.append((header.type, at + header.length..<end))
            at = end
        }
        return found
    }

    /// The big-endian number of `count` (≤ 4) bytes at `offset`.
    private static func number(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
