import Testing
import Evaluation
import Pixels
import Raster
import SceneModel

/// CAEmitterLayer's `additive` render mode drawn: overlapping particles add
/// their premultiplied colours, clamped at 255 (`plusLighter`). Each cell
/// emits for one second at one particle a second, so exactly one particle
/// each; both rest on the emitter, opaque squares placed on whole pixels,
/// so the tolerance is 0.
@Suite struct AdditiveParticleTests {
    static func centre(renderMode: String) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func cell(_ fill: String) -> String {
            #"{"contents": {"type": "rect", "size": [10, 10], "fill": "\#(fill)"}, "birthRate": 1, "lifetime": 100, "duration": 1}"#
        }
        let json = #"""
            {"canvas": {"width": 40, "height": 40, "duration": 5}, "layers": [
             {"type": "emitter", "position": [20, 20], "renderMode": "\#(renderMode)",
              "cells": [\#(cell("#640AC8")), \#(cell("#3C14C8"))]}]}
            """#
        let scene = try SceneDecoder.decode(Array(json.utf8), file: "additive.json")
        return Rasterizer().render(Evaluator(scene: scene).displayList(at: 2)).pixel(x: 20, y: 20)
    }

    @Test func overlappingParticlesAddClamped() throws {
        // (100, 10, 200) + (60, 20, 200) = (160, 30, 400 → 255); alpha 255 + 255 → 255.
        #expect(try Self.centre(renderMode: "additive") == (160, 30, 255, 255))
        // Unordered, the second cell's particle covers the first's.
        #expect(try Self.centre(renderMode: "unordered") == (60, 20, 200, 255))
    }
}
