import DisplayList

/// Gradient tables kept from draw to draw (one cache per worker, like the
/// other scratch owners): a table costs ~4096 colour evaluations and 32 KB,
/// more than filling a small shape, and scenes redraw the same gradients
/// every frame. The output never depends on the cache — a table is a pure
/// function of its gradient. Bounded: when full, it starts over.
final class GradientCache {
    private var tables: [Gradient: GradientTable] = [:]
    private let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    func table(for gradient: Gradient) -> GradientTable {
        if let table = tables[gradient] { return table }
        if tables.count >= capacity { tables.removeAll(keepingCapacity: true) }
        let table = GradientTable(gradient)
        tables[gradient] = table
        return table
    }
}
