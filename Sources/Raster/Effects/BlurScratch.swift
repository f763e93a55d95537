/// Reusable memory for blurs and shadows: one per worker thread, grown to
/// the largest request and then reused, so repeated blurs allocate nothing.
/// Not thread-safe; the blur functions take it explicitly so ownership is
/// visible at the call site.
final class BlurScratch {
    /// A raw block re-bound to whatever element type a pass needs.
    private struct Block {
        var pointer: UnsafeMutableRawPointer?
        var bytes = 0

        mutating func reserve<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
            let needed = max(count, 1) * MemoryLayout<T>.stride
            if needed > bytes || pointer == nil {
                pointer?.deallocate()
                bytes = max(needed, bytes + bytes / 2)
                pointer = .allocate(byteCount: bytes, alignment: 64)
            }
            return pointer!.bindMemory(to: type, capacity: max(count, 1))
        }

        func release() {
            pointer?.deallocate()
        }
    }

    private var stage1Block = Block()
    private var stage2Block = Block()
    private var transposedBlock = Block()
    private var shadowBlock = Block()
    private var reducedBlock = Block()
    private var tapsBlock = Block()
    /// Whether every blur runs at full resolution (see `BlurResolution`).
    let exact: Bool

    init(exact: Bool = BlurResolution.exactFromEnvironment) {
        self.exact = exact
    }

    deinit {
        stage1Block.release()
        stage2Block.release()
        transposedBlock.release()
        shadowBlock.release()
        reducedBlock.release()
        tapsBlock.release()
    }

    /// Per-line working memory of the blur passes (running sums, widened pixels).
    func stage1<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
        stage1Block.reserve(type, count: count)
    }

    func stage2<T>(_ type: T.Type, _ count: Int) -> UnsafeMutablePointer<T> {
        stage2Block.reserve(type, count: count)
    }

    /// The horizontally blurred region, stored column by column.
    func transposed(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        transposedBlock.reserve(UInt32.self, count: count)
    }

    /// A shadow's pixels before they are composited (see `DropShadow`).
    func shadow(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        shadowBlock.reserve(UInt32.self, count: count)
    }

    /// The small image of a reduced-resolution blur (see `ReducedBlur`).
    func reduced(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        reducedBlock.reserve(UInt32.self, count: count)
    }

    /// Per output column of a reduced blur's upsampling: small index and weight.
    func taps(_ count: Int) -> UnsafeMutablePointer<(Int, UInt32)> {
        tapsBlock.reserve((Int, UInt32).self, count: count)
    }
}
