import Determinism

/// Auto-orient (`ao`): a layer turned toward where its position is going.
extension LottieTransform {
    /// The rotation plus the direction of travel (degrees, clockwise from
    /// +x on screen), a key per frame of the position's movement, each
    /// direction within 180° of the one before so the turn between frames
    /// is the short way; where the position stands still the last
    /// direction holds. Unchanged when the position does not move.
    func autoOriented() -> LottieTransform {
        let moving = [position, positionX, positionY].compactMap { $0 }.filter(\.isAnimated)
        guard let frames = LottieProperty.wholeFrames(over: moving.map(\.span))?.frames else { return self }
        let hi = moving.map(\.span.upperBound).max()!
        func point(_ f: Double) -> (Double, Double) {
            if let positionX {
                return (positionX.value(at: f).first ?? 0, positionY?.value(at: f).first ?? 0)
            }
            let v = position?.value(at: f) ?? [0, 0]
            return (v.first ?? 0, v.count > 1 ? v[1] : 0)
        }
        var keys: [LottieProperty.Key] = []
        var angle: Double?
        for f in frames {
            let t = Double(f)
            let a = point(min(t, hi - 0.01)), b = point(min(t, hi - 0.01) + 0.01)
            let dx = b.0 - a.0, dy = b.1 - a.1
            if dx * dx + dy * dy > 1e-12 {
                var heading = DeterministicMath.atan2Degrees(dy, dx)
                if let previous = angle {
                    heading += 360 * ((previous - heading) / 360).rounded()
                }
                angle = heading
            }
            keys.append(LottieProperty.Key(frame: t, value: [(rotation?.value(at: t).first ?? 0) + (angle ?? 0)]))
        }
        var oriented = self
        oriented.rotation = LottieProperty(keys: keys)
        return oriented
    }
}
