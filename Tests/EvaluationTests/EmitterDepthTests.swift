import Testing
import Determinism
import DisplayList
import Geometry
import SceneModel
@testable import Evaluation

/// CAEmitterLayer's third dimension and the rest of CAEmitterCell's names:
/// `emissionLatitude`, `zAcceleration`, the `sphere` and `cuboid` shapes
/// with `depth` and `zPosition`, the `volume` mode, `backToFront` and
/// `contentsRect`, each against the closed form computed by hand (1e-9).
@Suite struct EmitterDepthTests {
    static func particles(_ layers: String, at time: Double) throws -> [ParticleSnapshot] {
        let s = try EmitterParticleTests.scene(layers)
        return Evaluator(scene: s).particles(of: s.layers[0], at: time)
    }

    /// Velocity (cos φ cos θ, cos φ sin θ, sin φ)·v: the drawn x–y motion is
    /// the projection, cos φ of the speed; z follows v sin φ and zAcceleration.
    @Test func latitudeTiltsTheVelocityOutOfThePlane() throws {
        let snaps = try Self.particles(#"""
            {"type": "emitter", "position": [100, 50],
             "cells": [{"contents": {"image": "dot"}, "birthRate": 2, "lifetime": 10, "velocity": 30,
               "emissionLongitude": 30, "emissionLatitude": 60, "yAcceleration": 9, "zAcceleration": -4}]}
            """#, at: 20)
        #expect(snaps.count >= 19)
        // cos 60° = ½, sin 60° = √3/2.
        let (sinLon, cosLon) = DeterministicMath.sinCos(degrees: 30)
        let (sinLat, cosLat) = DeterministicMath.sinCos(degrees: 60)
        #expect(abs(cosLat - 0.5) < 1e-12)
        for s in snaps {
            let a = s.age
            #expect(abs(s.position.x - (100 + 30 * cosLat * cosLon * a)) < 1e-9)
            #expect(abs(s.position.y - (50 + 30 * cosLat * sinLon * a + 4.5 * a * a)) < 1e-9)
            #expect(abs(s.depth - (30 * sinLat * a - 2 * a * a)) < 1e-9)
        }
    }

    /// A sphere of radius 40 at z = 10: on it (outline and surface), inside it
    /// (volume), at its centre (points).
    @Test func sphereEmitsOnAndInsideTheSphere() throws {
        func offsets(_ mode: String) throws -> [(Double, Double, Double)] {
            try Self.particles(#"""
                {"type": "emitter", "position": [200, 200], "shape": "sphere", "size": [40, 0], "zPosition": 10, "mode": "\#(mode)",
                 "cells": [{"contents": {"image": "dot"}, "birthRate": 50, "lifetime": 2}]}
                """#, at: 5).map { ($0.position.x - 200, $0.position.y - 200, $0.depth - 10) }
        }
        for mode in ["outline", "surface"] {
            let o = try offsets(mode)
            #expect(o.count > 80)
            for (x, y, z) in o { #expect(abs((x * x + y * y + z * z).squareRoot() - 40) < 1e-9) }
        }
        let inside = try offsets("volume")
        #expect(inside.allSatisfy { ($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2).squareRoot() <= 40 + 1e-9 })
        #expect(inside.contains { ($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2).squareRoot() < 30 })
        #expect(try offsets("points").allSatisfy { $0 == (0, 0, 0) })
    }

    /// A 60 × 40 × 20 cuboid: corners, edges, faces and inside.
    @Test func cuboidEmitsFromCornersEdgesFacesAndInside() throws {
        func offsets(_ mode: String) throws -> [SIMD3<Double>] {
            try Self.particles(#"""
                {"type": "emitter", "position": [200, 200], "shape": "cuboid", "size": [60, 40], "depth": 20, "mode": "\#(mode)",
                 "cells": [{"contents": {"image": "dot"}, "birthRate": 50, "lifetime": 2}]}
                """#, at: 5).map { SIMD3($0.position.x - 200, $0.position.y - 200, $0.depth) }
        }
        let half = SIMD3<Double>(30, 20, 10)
        func onFace(_ p: SIMD3<Double>, _ i: Int) -> Bool { abs(abs(p[i]) - half[i]) < 1e-9 }
        func inside(_ p: SIMD3<Double>) -> Bool { (0..<3).allSatisfy { abs(p[$0]) <= half[$0] + 1e-9 } }
        let corners = try offsets("points")
        #expect(corners.allSatisfy { p in (0..<3).allSatisfy { onFace(p, $0) } })
        #expect(Set(corners.map { "\($0)" }).count == 8)
        let edges = try offsets("outline")
        #expect(edges.allSatisfy { p in inside(p) && (0..<3).filter { onFace(p, $0) }.count >= 2 })
        let faces = try offsets("surface")
        #expect(faces.allSatisfy { p in inside(p) && (0..<3).contains { onFace(p, $0) } })
        #expect(Set(faces.map { p in (0..<3).first { onFace(p, $0) }! }) == [0, 1, 2])
        let volume = try offsets("volume")
        #expect(volume.allSatisfy(inside) && volume.contains { p in !(0..<3).contains { onFace(p, $0) } })
    }

    /// Flat shapes take `volume` (CA's default mode) as their area: the same
    /// particles as `surface`, so scenes written before it keep theirs.
    @Test func volumeOfAFlatShapeIsItsArea() throws {
        func positions(_ mode: String) throws -> [Point] {
            try Self.particles(#"""
                {"type": "emitter", "position": [200, 200], "shape": "circle", "size": [50, 0], "mode": "\#(mode)",
                 "cells": [{"contents": {"image": "dot"}, "birthRate": 20, "lifetime": 2}]}
                """#, at: 5).map(\.position)
        }
        #expect(try positions("volume") == positions("surface"))
    }

    /// backToFront draws the smallest z first: particles launched towards the
    /// viewer at different speeds are drawn in order of their z.
    @Test func backToFrontSortsByDepth() throws {
        let s = try EmitterParticleTests.scene(#"""
            {"type": "emitter", "position": [200, 200], "renderMode": "backToFront",
             "cells": [{"contents": {"image": "dot"}, "birthRate": 10, "lifetime": 3, "velocity": 20, "velocityRange": 30,
                        "emissionLatitude": 45, "emissionRange": 360}]}
            """#)
        let evaluator = Evaluator(scene: s)
        guard case .sprites(let batch)? = evaluator.displayList(at: 5).items.first else {
            Issue.record("no sprites")
            return
        }
        // The particles in cell and index order (as `unordered` draws them),
        // sorted by depth, keeping that order for equal depths; a dot's
        // sprite (scale 1, no spin) has its corner 32 points up and left.
        let snaps = evaluator.particles(of: s.layers[0], at: 5)
        #expect(batch.sprites.count == snaps.count && snaps.count > 20)
        let sorted = snaps.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
        #expect(batch.sprites.map(\.tx) == sorted.map { Float($0.position.x - 32) })
        #expect(sorted.first!.depth < sorted.last!.depth)
    }

    /// contentsRect [0.5, 0, 0.5, 0.5] of the 64 × 64 dot: a 32 × 32 picture
    /// copying the image's pixels from (32, 0), centred on the particle.
    @Test func contentsRectDrawsPartOfTheImage() throws {
        let s = try EmitterParticleTests.scene(#"""
            {"type": "emitter", "position": [100, 100],
             "cells": [{"contents": {"image": "dot"}, "contentsRect": [0.5, 0, 0.5, 0.5], "birthRate": 1, "lifetime": 10}]}
            """#)
        guard case .sprites(let b)? = Evaluator(scene: s).displayList(at: 5).items.first,
              case .picture(let list)? = b.sources.first,
              case let .fill(_, _, .image(name, transform, tile, _), _)? = list.items.first else {
            Issue.record("no picture of the image")
            return
        }
        #expect(list.width == 32 && list.height == 32 && name == "dot" && !tile)
        #expect(transform == .translation(-32, 0))
        let centre = b.sprites[0].transform.apply(Point(16, 16))
        #expect(abs(centre.x - 100) < 1e-4 && abs(centre.y - 100) < 1e-4)
    }

    @Test func contentsRectOutsideTheUnitSquareIsLocated() throws {
        #expect(throws: (any Error).self) {
            try EmitterParticleTests.scene(#"""
                {"type": "emitter", "cells": [{"contents": {"image": "dot"}, "contentsRect": [0.5, 0, 0.75, 1]}]}
                """#)
        }
    }
}
