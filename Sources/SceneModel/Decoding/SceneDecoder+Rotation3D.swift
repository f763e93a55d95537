import Animation
import Geometry

extension SceneDecoder {
    /// `{"angle", "axis", "anchor", "anchorZ", "perspective"}`: SwiftUI's
    /// `rotation3DEffect` arguments, `axis` required as SwiftUI's is.
    mutating func rotation3D(_ v: JSONValue, _ path: JSONPath) -> Rotation3D? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.rotation3D, into: &self)
        var fields = Fields(f, path)
        let angle = fields.read(&self, "angle") { d, v, p in d.animatedNumber(v, p) } ?? .constant(0)
        let axis = required(f, "axis", path) { d, v, p in d.vector3(v, p) }
        let anchor = fields.read(&self, "anchor") { d, v, p in d.point(v, p) } ?? Point(0.5, 0.5)
        let anchorZ = fields.read(&self, "anchorZ") { d, v, p in d.number(v, p) } ?? 0
        let perspective = fields.read(&self, "perspective") { d, v, p in d.number(v, p, atLeast: 0) } ?? 1
        guard fields.ok, let axis else { return nil }
        return Rotation3D(angle: angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective)
    }

    /// `[x, y, z]`: three numbers.
    private mutating func vector3(_ v: JSONValue, _ path: JSONPath) -> (x: Double, y: Double, z: Double)? {
        guard case .array(let items) = v.kind, items.count == 3 else { expected("an [x, y, z] axis", v, path); return nil }
        var n: [Double] = []
        for item in items {
            guard case .number(let x) = item.kind else { expected("an [x, y, z] axis", v, path); return nil }
            n.append(x)
        }
        return (n[0], n[1], n[2])
    }
}
