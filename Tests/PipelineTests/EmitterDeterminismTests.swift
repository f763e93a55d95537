import Foundation
import Testing
import Evaluation
import Media
import Raster
import SceneModel
@testable import Pipeline

/// Particles are random access in time: frame 500 rendered on its own is
/// frame 500 of a full render, byte for byte, with 1 or 2 worker threads.
@Suite struct EmitterDeterminismTests {
    /// 504 frames of a small canvas; every kind of particle state: nested
    /// cells, an animated birth rate, a moving emitter, sequences, shape and
    /// built-in contents, age ordering and additive blending.
    static let sceneJSON = #"""
        {"canvas": {"width": 48, "height": 64, "scale": 1, "fps": 60, "duration": 8.4, "background": "#0B1C3D"},
         "seed": 11,
         "layers": [
           {"type": "emitter", "id": "snow", "position": [24, -4], "shape": "line", "size": [48, 0], "prewarm": 20,
            "renderMode": "oldestLast",
            "cells": [{"contents": {"image": "snowflake"}, "birthRate": 3, "lifetime": 12, "lifetimeRange": 4,
                       "velocity": 4, "emissionLongitude": 90, "emissionRange": 30, "yAcceleration": 0.6,
                       "scale": 0.03, "scaleRange": 0.02, "spin": 34.38, "spinRange": 22.92}]},
           {"type": "emitter", "id": "fireworks",
            "position": [{"keyframes": [{"t": 0, "value": 10}, {"t": 8.4, "value": 38}]}, 60],
            "birthRate": {"keyframes": [{"t": 0, "value": 0.5}, {"t": 4, "value": 2}, {"t": 8.4, "value": 1}]},
            "renderMode": "additive",
            "cells": [{"name": "rocket", "birthRate": 1, "lifetime": 1.2, "velocity": 40, "velocityRange": 10,
                       "emissionLongitude": -90, "emissionRange": 20, "yAcceleration": 15,
                       "contents": {"type": "circle", "radius": 1.5, "fill": "white"},
                       "cells": [{"name": "spark", "beginTime": 1, "duration": 0.1, "birthRate": 200, "lifetime": 1.5,
                                  "velocity": 12, "velocityRange": 6, "emissionRange": 360, "yAcceleration": 8,
                                  "contents": {"image": "dot"}, "scale": 0.08, "color": "#FFCC00", "redRange": 0.3,
                                  "alphaSequence": {"keyframes": [{"t": 0, "value": 1}, {"t": 1, "value": 0}]},
                                  "scaleSequence": {"keyframes": [{"t": 0, "value": 0.1}, {"t": 1, "value": 0.03}]}}]}]}
         ]}
        """#

    @Test func frame500AloneEqualsFrame500OfAFullRender() throws {
        let dir = NSTemporaryDirectory() + "reel-emitter-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/particles.json"
        try Self.sceneJSON.write(toFile: scene, atomically: true, encoding: .utf8)
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/full1")], jobs: 1, progress: .quiet).run()
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/full2")], jobs: 2, progress: .quiet).run()
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/alone1", frames: 500...500)], jobs: 1, progress: .quiet).run()
        try RenderBatch([RenderRequest(scenePath: scene, pngDirectory: dir + "/alone2", frames: 500...500)], jobs: 2, progress: .quiet).run()
        let name = "frame_00500.png"
        let reference = try #require(FileManager.default.contents(atPath: "\(dir)/full1/\(name)"))
        for run in ["full2", "alone1", "alone2"] {
            #expect(FileManager.default.contents(atPath: "\(dir)/\(run)/\(name)") == reference, "\(run)")
        }
        // The full renders agree on every frame, and the frame shows particles.
        for i in stride(from: 0, to: 504, by: 37) {
            let frame = String(format: "frame_%05d.png", i)
            #expect(FileManager.default.contents(atPath: "\(dir)/full1/\(frame)")
                    == FileManager.default.contents(atPath: "\(dir)/full2/\(frame)"), "\(frame)")
        }
        let bitmap = try PNGCodec.read(contentsOf: "\(dir)/full1/\(name)")
        var lit = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).r > 0x40 { lit += 1 }
        }
        #expect(lit > 10)
    }

    /// Evaluation alone: the display list of a time does not depend on what
    /// was evaluated before, nor on the evaluator instance.
    @Test func displayListsDoNotDependOnHistory() throws {
        let scene = try SceneDecoder.decode(Array(Self.sceneJSON.utf8), file: "particles.json")
        let fresh = Evaluator(scene: scene).displayList(frame: 500)
        let used = Evaluator(scene: scene)
        for i in stride(from: 0, to: 500, by: 7) { _ = used.displayList(frame: i) }
        #expect(used.displayList(frame: 500) == fresh)
        #expect(fresh.items.count == 2)
    }
}
