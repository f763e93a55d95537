import Testing
import Animation
import Geometry
@testable import SceneModel

/// Emitter nodes and cells as decoded: CAEmitterLayer/CAEmitterCell names
/// and defaults, particle contents, sequences, and the messages for mistakes.
@Suite struct EmitterDecodingTests {
    static let canvas = #""canvas": {"width": 390, "height": 844, "duration": 1}"#

    func decode(_ layers: String, extra: String = "") throws(SceneLoadError) -> Scene {
        try SceneDecoder.decode(Array("{\(Self.canvas)\(extra), \"layers\": [\(layers)]}".utf8), file: "s.json")
    }

    func messages(_ layers: String, extra: String = "") -> [String] {
        do {
            _ = try decode(layers, extra: extra)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func emitter(_ scene: Scene, _ i: Int = 0) -> EmitterNode? {
        if case .emitter(let e) = scene.layers[i].kind { return e }
        return nil
    }

    /// The format's example: the seed-003 snow.
    @Test func decodesTheFormatsExample() throws {
        let e = try #require(emitter(try decode(#"""
            {"type": "emitter", "position": [195, -50], "shape": "line", "size": [390, 0],
             "mode": "outline", "birthRate": 1, "renderMode": "unordered", "prewarm": 50,
             "cells": [{"contents": {"image": "snowflake"}, "birthRate": 0.5,
               "lifetime": 50, "velocity": 0.5, "scale": 0.06, "scaleRange": 0.1,
               "yAcceleration": 0.8, "spin": 34.38, "spinRange": 22.92}]}
            """#)))
        #expect(e.shape == .line && e.mode == .outline && e.renderMode == .unordered)
        #expect(e.size == .constant(390, 0) && e.prewarm == 50 && e.birthRate == .constant(1))
        #expect(e.streamName == "$.layers[0]")
        let c = try #require(e.cells.first)
        #expect(c.contents == .image("snowflake"))
        #expect(c.birthRate == .constant(0.5) && c.lifetime == .constant(50) && c.velocity == .constant(0.5))
        #expect(c.scale == .constant(0.06) && c.scaleRange == .constant(0.1) && c.yAcceleration == .constant(0.8))
        #expect(c.spin == .constant(34.38) && c.spinRange == .constant(22.92))
        #expect(e.particleBound == 25)
    }

    /// Core Animation's defaults: a point emitter filling its volume (its area, for a flat shape), multipliers 1, a cell
    /// that emits nothing until given a birth rate and a lifetime.
    @Test func defaultsAreCoreAnimations() throws {
        let e = try #require(emitter(try decode(#"{"type": "emitter", "id": "snow", "cells": [{}]}"#)))
        #expect(e.shape == .point && e.mode == .volume && e.renderMode == .unordered && e.seed == 0 && e.prewarm == 0)
        #expect(e.lifetime == .constant(1) && e.velocity == .constant(1) && e.spin == .constant(1))
        #expect(e.streamName == "#snow")
        let c = try #require(e.cells.first)
        #expect(c.birthRate == .constant(0) && c.lifetime == .constant(0) && c.scale == .constant(1))
        #expect(c.alpha == .constant(1) && c.color == .constant(.white) && c.contents == nil && c.duration == nil)
    }

    @Test func decodesSequencesShapesAndNestedCells() throws {
        let e = try #require(emitter(try decode(#"""
            {"type": "emitter", "shape": "circle", "mode": "surface", "size": [40, 0], "renderMode": "additive",
             "cells": [{"name": "rocket", "birthRate": 1, "lifetime": 2, "velocity": 300, "emissionLongitude": -90,
               "contents": {"type": "circle", "radius": 3, "fill": "orange"},
               "alphaSequence": {"keyframes": [{"t": 0, "value": 1}, {"t": 1, "value": 0}]},
               "colorSequence": {"keyframes": [{"t": 0, "value": "white"}, {"t": 0.5, "value": "#FF0000"}]},
               "cells": [{"name": "spark", "beginTime": 1.5, "duration": 0.1, "birthRate": 400, "lifetime": 1,
                          "emissionRange": 360, "contents": {"image": "dot"}}]}]}
            """#)))
        #expect(e.shape == .circle && e.renderMode == .additive)
        let rocket = try #require(e.cells.first)
        guard case .shape(let node) = rocket.contents, case .shape = node.kind else {
            Issue.record("contents is not a shape")
            return
        }
        #expect(rocket.alphaSequence?.keys.map(\.value) == [1, 0])
        #expect(rocket.colorSequence?.keys.count == 2)
        let spark = try #require(rocket.cells.first)
        #expect(spark.name == "spark" && spark.beginTime == 1.5 && spark.duration == 0.1)
        // 2 rockets alive, each with at most 400 × 0.1 + 1 sparks.
        #expect(abs(try #require(e.particleBound) - (2 + 2 * 41)) < 1e-9)
    }

    /// Built-in images need no declaration; a declared image of the same
    /// name takes their place; other names are still checked.
    @Test func builtInImagesAreAvailable() throws {
        _ = try decode(#"{"type": "emitter", "cells": [{"contents": {"image": "dot"}}, {"contents": {"image": "snowflake"}}]}"#)
        _ = try decode(#"{"type": "image", "image": "snowflake"}"#)
        _ = try decode(#"{"type": "image", "image": "dot"}"#, extra: #", "assets": {"images": {"dot": "dot.png"}}"#)
        #expect(messages(#"{"type": "emitter", "cells": [{"contents": {"image": "snowflak"}}]}"#)
                == [#"s.json:1:122: $.layers[0].cells[0].contents.image: no image named "snowflak" in assets.images (the scene declares none)"#])
        #expect(Set(BuiltInImage.allCases.map(\.rawValue)) == ["dot", "snowflake"])
    }

    static let mistakes: [(layers: String, message: String)] = [
        (#"{"type": "emitter", "shape": "square"}"#,
         #"s.json:1:98: $.layers[0].shape: expected one of "point", "line", "rectangle", "circle", "sphere", "cuboid", found "square""#),
        (#"{"type": "emitter", "renderMode": "oldestfirst"}"#,
         #"s.json:1:103: $.layers[0].renderMode: expected one of "unordered", "oldestFirst", "oldestLast", "backToFront", "additive", found "oldestfirst"; did you mean "oldestFirst"?"#),
        (#"{"type": "emitter", "cells": [{"birthrate": 1}]}"#,
         #"s.json:1:100: $.layers[0].cells[0].birthrate: unknown key "birthrate" in an emitter cell; did you mean "birthRate"?"#),
        (#"{"type": "emitter", "cells": [{"birthRate": -1}]}"#,
         #"s.json:1:113: $.layers[0].cells[0].birthRate: expected a number ≥ 0, found -1"#),
        (#"{"type": "emitter", "cells": {"birthRate": 1}}"#,
         #"s.json:1:98: $.layers[0].cells: expected an array of emitter cells, found an object"#),
        (#"{"type": "emitter", "cells": [{"contents": {"type": "group", "children": []}}]}"#,
         #"s.json:1:112: $.layers[0].cells[0].contents.type: expected particle contents {"image": name} or a shape node ({"type": "circle", …}), found a node that is not a shape"#),
        (#"{"type": "emitter", "cells": [{"contents": "dot"}]}"#,
         #"s.json:1:112: $.layers[0].cells[0].contents: expected an object, found "dot""#),
        (#"{"type": "emitter", "cells": [{"alphaSequence": 0.5}]}"#,
         #"s.json:1:117: $.layers[0].cells[0].alphaSequence: expected keyframes over the particle's normalised age ({"keyframes": [{"t": 0, "value": …}, …]}), found 0.5"#),
        (#"{"type": "emitter", "cells": [{"scaleSequence": {"keyframes": [{"t": 0, "value": 1}, {"t": 2, "value": 0}]}}]}"#,
         #"s.json:1:160: $.layers[0].cells[0].scaleSequence.keyframes[1].t: expected a normalised age from 0 to 1, found 2"#),
        (#"{"type": "emitter", "cells": [{"birthRate": 100000, "lifetime": 20}]}"#,
         #"s.json:1:69: $.layers[0]: this emitter could keep 2,000,000 particles alive at once (birth rate × lifetime, sub-cells multiplied); a scene may keep at most 1,000,000: lower a birthRate or a lifetime"#),
        (#"{"type": "emitter", "cells": [{"birthRate": 1000, "lifetime": 10, "cells": [{"birthRate": 100, "lifetime": 2}]}]}"#,
         #"s.json:1:69: $.layers[0]: this emitter could keep 2,010,000 particles alive at once (birth rate × lifetime, sub-cells multiplied); a scene may keep at most 1,000,000: lower a birthRate or a lifetime"#),
        (#"{"type": "emitter", "cells": [{"birthRate": 50000, "lifetime": 12}]}, {"type": "emitter", "birthRate": {"keyframes": [{"t": 0, "value": 1}, {"t": 1, "value": 2}]}, "cells": [{"birthRate": 50000, "lifetime": 5}]}"#,
         #"s.json:1:139: $.layers[1]: this emitter could keep 500,000 particles alive at once (birth rate × lifetime, sub-cells multiplied), 1,100,000 with the emitters before it; a scene may keep at most 1,000,000: lower a birthRate or a lifetime"#),
    ]

    @Test(arguments: mistakes)
    func mistakesAreReported(layers: String, message: String) {
        #expect(messages(layers) == [message])
    }
}
