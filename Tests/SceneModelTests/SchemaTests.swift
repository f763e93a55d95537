import Foundation
import Testing
@testable import SceneModel

/// The JSON Schema (a resource of SceneModel) stays in step with the decoder: the same
/// property names everywhere, and every bundled scene valid under both.
@Suite struct SchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The one copy of the schema in the repository.
    static let schemaPath = "Sources/SceneModel/Resources/reel-scene.schema.json"

    let schema: JSONValue
    let validator: SchemaValidator

    init() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.repository.appendingPathComponent(Self.schemaPath)))
        schema = try JSONParser.parse(bytes)
        validator = SchemaValidator(schema: schema)
    }

    func propertyNames(at pointer: String) -> Set<String> {
        guard let node = validator.resolve(pointer), let props = SchemaValidator.member(node, "properties"),
              case .object(let members) = props.kind else { return [] }
        return Set(members.map(\.key))
    }

    static let locations: [FormatObject: String] = [
        .scene: "#", .canvas: "#/properties/canvas", .assets: "#/properties/assets",
        .color: "#/$defs/color/anyOf/2", .keyframes: "#/$defs/keyframes",
        .keyframe: "#/$defs/keyframes/properties/keyframes/items", .expression: "#/$defs/expression",
        .textExpression: "#/$defs/textExpression", .motion: "#/$defs/motion",
        .choice: "#/$defs/choice", .cubicBezier: "#/$defs/curve/anyOf/1",
        .imagePaint: "#/$defs/paint/anyOf/1", .linearGradientPaint: "#/$defs/paint/anyOf/2",
        .linearGradient: "#/$defs/paint/anyOf/2/properties/linearGradient",
        .radialGradientPaint: "#/$defs/paint/anyOf/3",
        .radialGradient: "#/$defs/paint/anyOf/3/properties/radialGradient",
        .angularGradientPaint: "#/$defs/paint/anyOf/4",
        .angularGradient: "#/$defs/paint/anyOf/4/properties/angularGradient",
        .ellipticalGradientPaint: "#/$defs/paint/anyOf/5",
        .ellipticalGradient: "#/$defs/paint/anyOf/5/properties/ellipticalGradient",
        .colorMap: "#/$defs/colorMap", .levels: "#/$defs/levels", .stroke: "#/$defs/stroke", .shadow: "#/$defs/shadow", .rotation3D: "#/$defs/rotation3D", .backdrop: "#/$defs/backdrop", .matte: "#/$defs/matte",
        .event: "#/properties/timeline/items", .animation: "#/properties/timeline/items/properties/animation",
        .animationRepeat: "#/properties/timeline/items/properties/animation/properties/repeat",
        .spring: "#/properties/timeline/items/properties/animation/properties/curve/anyOf/2/properties/spring",
        .interpolatingSpring: "#/properties/timeline/items/properties/animation/properties/curve/anyOf/3/properties/interpolatingSpring",
        .springPreset: "#/properties/timeline/items/properties/animation/properties/curve/anyOf/4/properties/smooth",
        .loop: "#/properties/loop/anyOf/1",
        .audioClip: "#/properties/audio/items",
        .component: "#/$defs/component", .transition: "#/$defs/transition", .instanceTransform: "#/$defs/instanceTransform",
        .textAnimator: "#/$defs/textAnimator", .textRange: "#/$defs/textRange",
        .glyphOutlines: "#/$defs/glyphOutlines", .glyph: "#/$defs/glyphOutlines/properties/characters/additionalProperties",
    ]

    @Test(arguments: FormatObject.allCases)
    func objectKeysMatchTheDecoder(kind: FormatObject) {
        let pointer = Self.locations[kind]!
        #expect(propertyNames(at: pointer) == Set(kind.keys), "\(kind) at \(pointer)")
    }

    @Test func nodeKeysMatchTheDecoder() {
        #expect(propertyNames(at: "#/$defs/emitterCell") == Set(SceneDecoder.emitterCellKeys))
        for (type, keys) in SceneDecoder.nodeKeys {
            #expect(propertyNames(at: "#/$defs/node_\(type)") == Set(SceneDecoder.keys(ofNode: type)), "node \(type)")
            if !SceneDecoder.nonShapeTypes.contains(type) {
                #expect(propertyNames(at: "#/$defs/shape_\(type)") == Set(SceneDecoder.placedShapeKeys + keys), "shape \(type)")
            }
        }
    }

    /// The bundled scenes and the asset source scenes.
    @Test(arguments: ["Scenes", "Scenes/assets/sources", "Scenes/advent", "Scenes/app-preview"])
    func bundledScenesValidate(folder name: String) throws {
        let folder = Self.repository.appendingPathComponent(name)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(validator.validate(try JSONParser.parse(bytes)) == [], "\(file)")
            #expect(throws: Never.self) { _ = try SceneDecoder.decode(bytes, file: file) }
        }
    }

    /// Every kind of parameter the decoder reads, the schema accepts, and it refuses other objects.
    @Test func parameterKindsMatchTheDecoder() throws {
        let scene = #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "variables": {"n": 1, "on": true, "c": "red", "city": "Oslo", "title": {"string": "red"}, "card": {"image": "dot"}, "k": {"keyframes": [{"t": 0, "value": 0}]}}}"#
        #expect(validator.validate(try JSONParser.parse(Array(scene.utf8))) == [])
        #expect(throws: Never.self) { _ = try SceneDecoder.decode(Array(scene.utf8), file: "s.json") }
        let bad = #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "variables": {"p": {"str": "x"}}}"#
        #expect(validator.validate(try JSONParser.parse(Array(bad.utf8))) == ["$.variables.p: anyOf"])
        #expect(throws: SceneLoadError.self) { _ = try SceneDecoder.decode(Array(bad.utf8), file: "s.json") }
    }

    /// The validator itself can fail: a misspelt key and a bad colour are caught.
    @Test func schemaRejectsMistakes() throws {
        let bad = ##"{"canvas": {"width": 10, "heigth": 10, "duration": 1, "background": "#12"}}"##
        let problems = validator.validate(try JSONParser.parse(Array(bad.utf8)))
        #expect(problems.contains("$.canvas.heigth: false schema"))
        #expect(problems.contains("$.canvas: required height"))
        #expect(problems.contains("$.canvas.background: anyOf"))
    }
}
