import Testing
import Animation
import Determinism
import DisplayList
import Geometry
import SceneModel
@testable import Evaluation

/// Particles as closed forms of (seed, emitter, cell, index, time):
/// counts, ranges, motion, prewarm and the independence of random streams.
@Suite struct EmitterParticleTests {
    static func scene(_ layers: String, duration: Double = 60, fps: Double = 30, seed: Int = 7) throws -> Scene {
        let json = #"{"canvas": {"width": 400, "height": 400, "duration": \#(duration), "fps": \#(fps)}, "seed": \#(seed), "layers": [\#(layers)]}"#
        return try SceneDecoder.decode(Array(json.utf8), file: "t.json")
    }

    static func particles(_ scene: Scene, at time: Double, layer: Int = 0) -> [ParticleSnapshot] {
        Evaluator(scene: scene).particles(of: scene.layers[layer], at: time)
    }

    /// Live count ≈ birthRate × layer birthRate × mean lifetime (× layer lifetime).
    @Test func meanLiveCountIsRateTimesLifetime() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 200], "birthRate": 0.5, "lifetime": 1.5,
             "cells": [{"contents": {"image": "dot"}, "birthRate": 40, "lifetime": 2, "lifetimeRange": 1}]}
            """#)
        let expected = 40 * 0.5 * 2 * 1.5
        var total = 0
        let frames = 300
        for i in 0..<frames { total += Self.particles(s, at: 10 + Double(i) * 0.1).count }
        let mean = Double(total) / Double(frames)
        #expect(abs(mean - expected) / expected < 0.05, "mean \(mean), expected \(expected)")
    }

    /// Every initial value lies in [M − R/2, M + R/2] (× the layer's multiplier).
    @Test func rangesAreRespected() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 100], "shape": "rectangle", "mode": "surface", "size": [80, 40],
             "velocity": 2, "scale": 0.5,
             "cells": [{"contents": {"image": "dot"}, "birthRate": 200, "lifetime": 3, "lifetimeRange": 2,
               "velocity": 50, "velocityRange": 20, "emissionLongitude": 90, "emissionRange": 60,
               "scale": 2, "scaleRange": 1, "spin": 90, "spinRange": 60,
               "alpha": 0.8, "alphaRange": 0.2, "color": "#80808080", "redRange": 0.2}]}
            """#)
        let snapshots = Self.particles(s, at: 5)
        #expect(snapshots.count > 400)
        var sawLow = false, sawHigh = false
        for snap in snapshots {
            let p = snap.particle
            #expect(p.life >= 2 && p.life <= 4)
            #expect(p.origin.x >= 160 && p.origin.x <= 240 && p.origin.y >= 80 && p.origin.y <= 120)
            let speed = (p.velocity.x * p.velocity.x + p.velocity.y * p.velocity.y).squareRoot()
            #expect(speed >= 80 - 1e-9 && speed <= 120 + 1e-9)
            let angle = DeterministicMath.atan2Degrees(p.velocity.y, p.velocity.x)
            #expect(angle >= 60 - 1e-9 && angle <= 120 + 1e-9)
            #expect(p.scale >= 1.5 && p.scale <= 2.5)
            #expect(snap.scale.x == p.scale * 0.5 && snap.scale.y == p.scale * 0.5)
            #expect(p.spin >= 60 && p.spin <= 120)
            #expect(p.alpha >= 0.7 && p.alpha <= 0.9)
            #expect(p.color.r >= 128.0 / 255 - 0.1 && p.color.r <= 128.0 / 255 + 0.1)
            #expect(abs(snap.color.a - p.color.a * p.alpha) < 1e-12)
            if speed < 85 { sawLow = true }
            if speed > 115 { sawHigh = true }
        }
        #expect(sawLow && sawHigh)
    }

    /// Position is p₀ + v·a + ½·g·a², the spin angle spin × age, and
    /// speeds move scale, colour and alpha linearly with age.
    @Test func motionIsClosedForm() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [100, 50],
             "cells": [{"contents": {"image": "dot"}, "birthRate": 2, "lifetime": 10, "velocity": 30,
               "emissionLongitude": 30, "xAcceleration": -2, "yAcceleration": 9, "spin": 45,
               "scale": 1, "scaleSpeed": 0.1, "alphaSpeed": -0.05, "color": "#FF000080", "blueSpeed": 0.05}]}
            """#)
        let snapshots = Self.particles(s, at: 20)
        #expect(snapshots.count >= 19 && snapshots.count <= 21)
        let (sin, cos) = DeterministicMath.sinCos(degrees: 30)
        for snap in snapshots {
            let a = snap.age
            #expect(abs(snap.position.x - (100 + 30 * cos * a - a * a)) < 1e-9)
            #expect(abs(snap.position.y - (50 + 30 * sin * a + 4.5 * a * a)) < 1e-9)
            #expect(abs(snap.rotation - 45 * a) < 1e-9)
            #expect(abs(snap.scale.x - (1 + 0.1 * a)) < 1e-12)
            #expect(abs(snap.color.a - (128.0 / 255) * max(1 - 0.05 * a, 0)) < 1e-12)
            #expect(abs(snap.color.b - 0.05 * a) < 1e-12)
        }
    }

    /// The seed-003 snow: a flake with velocity 0.5 along +x and 0.8 pt/s²
    /// of gravity, born on a 390-point line at y = −50, falls 844 + 50
    /// points in √(2 · 894 / 0.8) ≈ 47.3 s, inside its 50 s life.
    @Test func seed003SnowCrossesTheScreenInAbout47Seconds() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [195, -50], "shape": "line", "size": [390, 0], "mode": "outline",
             "prewarm": 50,
             "cells": [{"contents": {"image": "snowflake"}, "birthRate": 0.5, "lifetime": 50, "velocity": 0.5,
               "scale": 0.06, "scaleRange": 0.1, "yAcceleration": 0.8, "spin": 34.38, "spinRange": 22.92}]}
            """#)
        let crossing = (2.0 * 894 / 0.8).squareRoot()
        #expect(abs(crossing - 47.27) < 0.01)
        let snapshots = Self.particles(s, at: 0)
        // Steady state at time 0 thanks to the prewarm: 0.5/s × 50 s.
        #expect(snapshots.count >= 22 && snapshots.count <= 28)
        for snap in snapshots {
            let p = snap.particle
            #expect(p.origin.y == -50 && p.origin.x >= 0 && p.origin.x <= 390)
            #expect(p.velocity == Point(0.5, 0))
            #expect(abs(snap.position.y - (-50 + 0.4 * snap.age * snap.age)) < 1e-9)
            #expect(abs(snap.position.x - (p.origin.x + 0.5 * snap.age)) < 1e-9)
            #expect(p.scale >= 0.01 && p.scale <= 0.11)
            #expect(p.spin >= 34.38 - 11.46 && p.spin <= 34.38 + 11.46)
            // At the crossing age the flake is at the bottom edge.
            #expect(abs(p.position(age: crossing).y - 844) < 1e-9)
        }
        // Flakes old enough to have crossed are below the screen; the rest are on it.
        #expect(snapshots.contains { $0.age > crossing && $0.position.y > 844 })
        #expect(snapshots.contains { $0.position.y > 600 && $0.position.y < 844 })
    }

    /// prewarm = P at time t is the same frame as no prewarm at t + P.
    @Test func prewarmEqualsRenderingLater() throws {
        let cells = #"""
            "cells": [{"contents": {"image": "snowflake"}, "birthRate": 20, "lifetime": 4, "lifetimeRange": 2,
              "velocity": 40, "emissionRange": 360, "yAcceleration": 10, "scale": 0.1, "spin": 30, "spinRange": 20,
              "cells": [{"contents": {"image": "dot"}, "birthRate": 3, "lifetime": 1, "scale": 0.2}]}]
            """#
        let warmed = try Self.scene(#"{"type": "emitter", "position": [200, 200], "prewarm": 5, \#(cells)}"#)
        let cold = try Self.scene(#"{"type": "emitter", "position": [200, 200], \#(cells)}"#)
        let a = Evaluator(scene: warmed).displayList(at: 1)
        let b = Evaluator(scene: cold).displayList(at: 6)
        #expect(a.items.count == 1)
        #expect(a == b)
    }

    /// With an animated birth rate, births follow its integral: a rate
    /// rising linearly from 0 to 100 over 10 s has made 5·t² particles by t.
    @Test func animatedBirthRateFollowsItsIntegral() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 200],
             "birthRate": {"keyframes": [{"t": 0, "value": 0}, {"t": 10, "value": 100}]},
             "cells": [{"contents": {"image": "dot"}, "birthRate": 1, "lifetime": 1000}]}
            """#)
        for t in [2.0, 5.0, 8.0, 10.0] {
            let n = Self.particles(s, at: t).count
            #expect(abs(Double(n) - 5 * t * t) <= 1.5, "t = \(t): \(n)")
        }
        // Births are ordered by index (one per unit of the integral).
        let births = Self.particles(s, at: 10).map(\.particle.birth)
        #expect(zip(births, births.dropFirst()).allSatisfy { $0 < $1 })
        // Past the last key the rate holds at 100/s.
        #expect(abs(Double(Self.particles(s, at: 12).count) - 700) <= 1.5)
    }

    /// A moving emitter leaves its particles where it was at their birth.
    @Test func movingEmitterEmitsFromWhereItWas() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [{"keyframes": [{"t": 0, "value": 0}, {"t": 10, "value": 400}]}, 100],
             "cells": [{"contents": {"image": "dot"}, "birthRate": 5, "lifetime": 20}]}
            """#)
        let snapshots = Self.particles(s, at: 8)
        #expect(snapshots.count >= 39 && snapshots.count <= 41)
        for snap in snapshots {
            #expect(abs(snap.position.x - 40 * snap.particle.birth) < 1e-9 && snap.position.y == 100)
        }
    }

    /// Adding an emitter, or a cell, leaves every other cell's particles as they were.
    @Test func addingEmittersAndCellsChangesNoOtherParticles() throws {
        let flake = #"{"name": "flake", "contents": {"image": "dot"}, "birthRate": 10, "lifetime": 5, "velocity": 20, "velocityRange": 10, "emissionRange": 360}"#
        let other = #"{"name": "speck", "contents": {"image": "dot"}, "birthRate": 7, "lifetime": 3, "velocity": 5, "emissionRange": 90}"#
        let one = try Self.scene(#"{"type": "emitter", "id": "snow", "position": [200, 200], "cells": [\#(flake)]}"#)
        let more = try Self.scene(#"""
            {"type": "emitter", "id": "dust", "position": [100, 100], "cells": [\#(other)]},
            {"type": "rect", "size": [10, 10]},
            {"type": "emitter", "id": "snow", "position": [200, 200], "cells": [\#(other), \#(flake)]}
            """#)
        let a = Self.particles(one, at: 7).map(\.position)
        let b = Self.particles(more, at: 7, layer: 2).filter { $0.cell == "flake" }.map(\.position)
        #expect(!a.isEmpty && a == b)
        // The scene seed and the emitter seed both reshuffle.
        let reseeded = try Self.scene(#"{"type": "emitter", "id": "snow", "position": [200, 200], "cells": [\#(flake)]}"#, seed: 8)
        let emitterSeed = try Self.scene(#"{"type": "emitter", "id": "snow", "seed": 1, "position": [200, 200], "cells": [\#(flake)]}"#)
        #expect(Self.particles(reseeded, at: 7).map(\.position) != a)
        #expect(Self.particles(emitterSeed, at: 7).map(\.position) != a)
    }

    /// A sub-cell's particles start where their parent is at their birth, at
    /// angles relative to its direction of travel, with none of its velocity.
    @Test func subCellsEmitFromTheirParents() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 390],
             "cells": [{"name": "rocket", "contents": {"image": "dot"}, "birthRate": 1, "lifetime": 2,
               "velocity": 150, "emissionLongitude": -90, "yAcceleration": 50,
               "cells": [{"name": "trail", "contents": {"image": "dot"}, "birthRate": 20, "lifetime": 0.5,
                          "velocity": 10, "emissionLongitude": 180},
                         {"name": "burst", "contents": {"image": "dot"}, "beginTime": 1.5, "duration": 0.1,
                          "birthRate": 200, "lifetime": 3, "velocity": 60, "emissionRange": 360}]}]}
            """#)
        let snapshots = Self.particles(s, at: 10)
        let rockets = snapshots.filter { $0.cell == "rocket" }
        let trails = snapshots.filter { $0.cell == "trail" }
        let bursts = snapshots.filter { $0.cell == "burst" }
        #expect(rockets.count == 2)
        // 2 live rockets × 20/s × 0.5 s (trails of dead rockets have faded).
        #expect(trails.count >= 15 && trails.count <= 25)
        // 3 rockets have burst in the last 3 s: about 20 sparks each.
        #expect(bursts.count >= 50 && bursts.count <= 70)
        for trail in trails {
            // Emitted backwards relative to the rocket climbing straight up: straight down.
            let v = trail.particle.velocity
            #expect(abs(v.x) < 1e-9 && abs(v.y - 10) < 1e-9)
            // The rocket at that moment: birth time, origin and motion of its parent.
            let origin = trail.particle.origin
            #expect(origin.x == 200 && origin.y < 390 && origin.y > 390 - 300)
        }
        for burst in bursts {
            let v = burst.particle.velocity
            #expect(abs((v.x * v.x + v.y * v.y).squareRoot() - 60) < 1e-9)
        }
    }

    /// A cell's beginTime and duration (from the emitter's start, which
    /// prewarm moves back) bound when it emits.
    @Test func beginTimeAndDurationBoundEmission() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 200], "prewarm": 1,
             "cells": [{"contents": {"image": "dot"}, "birthRate": 10, "lifetime": 100, "beginTime": 2, "duration": 3}]}
            """#)
        #expect(Self.particles(s, at: 0.9).isEmpty)
        let births = Self.particles(s, at: 20).map(\.particle.birth)
        #expect(births.count >= 29 && births.count <= 31)
        #expect(births.allSatisfy { $0 >= 2 && $0 < 5 })
    }

    /// An animated lifetime is bounded by its values at the scene's frames
    /// from the emitter's start on: one that is long only in the prewarm
    /// keeps the particles born then alive after time 0, for that long.
    @Test func animatedLifetimeIsBoundedFromTheEmittersStart() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [200, 200], "prewarm": 2,
             "cells": [{"contents": {"image": "dot"}, "birthRate": 10, "lifetime": {"expr": "t < -1.5 ? 6 : 1"}}]}
            """#, fps: 10)
        #expect(Self.particles(s, at: 3).contains { $0.particle.birth < 0.5 })
        #expect(Self.particles(s, at: 4.6).allSatisfy { $0.particle.birth >= 0.5 })
    }

    /// oldestFirst draws in birth order, oldestLast the reverse; additive blends with plus.
    @Test func renderModesOrderTheBatch() throws {
        func batch(_ mode: String) throws -> SpriteBatch {
            let s = try Self.scene(#"""
                {"type": "emitter", "position": [200, 200], "renderMode": "\#(mode)",
                 "cells": [{"contents": {"image": "dot"}, "birthRate": 5, "lifetime": 4, "velocity": 20, "emissionRange": 360},
                           {"contents": {"image": "snowflake"}, "birthRate": 3, "lifetime": 6, "scale": 0.1}]}
                """#)
            guard case .sprites(let b)? = Evaluator(scene: s).displayList(at: 10).items.first else {
                throw Missing()
            }
            return b
        }
        struct Missing: Error {}
        let unordered = try batch("unordered"), first = try batch("oldestFirst"), last = try batch("oldestLast")
        let additive = try batch("additive")
        #expect(unordered.blend == .normal && additive.blend == .plus && additive.sprites == unordered.sprites)
        #expect(Set(first.sprites.map(\.tx)) == Set(unordered.sprites.map(\.tx)))
        #expect(first.sprites == last.sprites.reversed())
        #expect(first.sprites != unordered.sprites)
        // Cells in order: every dot before every snowflake.
        #expect(unordered.sources == [.image("dot"), .image("snowflake")])
        let sources = unordered.sprites.map(\.source)
        #expect(sources == sources.sorted())
    }

    /// Shape contents are drawn once into a picture sprite, anchored at the particle.
    @Test func shapeContentsBecomeAPicture() throws {
        let s = try Self.scene(#"""
            {"type": "emitter", "position": [100, 100],
             "cells": [{"contents": {"type": "rect", "size": [10, 20], "fill": "red"}, "birthRate": 1, "lifetime": 10}]}
            """#)
        guard case .sprites(let b)? = Evaluator(scene: s).displayList(at: 5).items.first,
              case .picture(let list)? = b.sources.first else {
            Issue.record("no picture sprite")
            return
        }
        #expect(list.width == 12 && list.height == 22)
        // The picture's centre lands on the emitter position.
        let centre = b.sprites[0].transform.apply(Point(6, 11))
        #expect(abs(centre.x - 100) < 1e-4 && abs(centre.y - 100) < 1e-4)
    }
}
