import Geometry

extension Color {
    /// The colour with `hue` degrees added to its hue (turning round) and
    /// `saturation` and `brightness` added to its HSB components (kept
    /// within 0…1): After Effects' fill hue, saturation and brightness.
    func shifted(hue: Double, saturation: Double, brightness: Double) -> Color {
        let r = min(max(self.r, 0), 1), g = min(max(self.g, 0), 1), b = min(max(self.b, 0), 1)
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        var h = 0.0
        if range > 0 {
            if high == r { h = (g - b) / range } else if high == g { h = 2 + (b - r) / range } else { h = 4 + (r - g) / range }
            h /= 6
        }
        h += hue / 360
        h -= h.rounded(.down)
        let s = min(max((high > 0 ? range / high : 0) + saturation, 0), 1), v = min(max(high + brightness, 0), 1)
        // Back from HSB: the sector of the hue circle, and where in it.
        let sector = h * 6, i = Int(sector.rounded(.down)) % 6, f = sector - sector.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (nr, ng, nb): (Double, Double, Double)
        switch i {
        case 0: (nr, ng, nb) = (v, t, p)
        case 1: (nr, ng, nb) = (q, v, p)
        case 2: (nr, ng, nb) = (p, v, t)
        case 3: (nr, ng, nb) = (p, q, v)
        case 4: (nr, ng, nb) = (t, p, v)
        default: (nr, ng, nb) = (v, p, q)
        }
        return Color(r: nr, g: ng, b: nb, a: a)
    }
}
