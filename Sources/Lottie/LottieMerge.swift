import SceneModel

/// Merge paths (`mm`): the paths above it in its group (its groups' too)
/// become one outline for the paints below, as After Effects merges them.
extension LottieReader {
    /// Modes: 1 merge (the paths as one outline, as they are); 2 add (each
    /// turned clockwise, so the nonzero rule fills their union); 3 subtract
    /// and 4 intersect (the others cut from, or kept within, the paths of
    /// the last path item above: the paint is masked by them); 5 exclude
    /// (the paths filled under the even-odd rule: where two overlap is a hole).
    mutating func mergePaths(_ item: JSONValue, _ p: JSONPath, _ name: String, _ geometry: inout [LottieGeometry], last: Int) {
        let mode = number(item["mm"], p.key("mm")) ?? 1
        switch mode {
        case 1: break
        case 2:
            for i in geometry.indices { geometry[i].clockwise = true }
        case 3, 4:
            guard last > 0, last < geometry.count else { return }
            for i in geometry.indices {
                geometry[i].clockwise = true
                if i < last { geometry[i].cut = mode == 3 ? .subtract : .intersect }
            }
        case 5:
            for i in geometry.indices { geometry[i].excluded = true }
        default:
            warning(item["mm"], p.key("mm"), "\(name): merge mode \(JSONValue.format(mode)) is not supported yet; the paths are painted together as one outline")
        }
    }
}
