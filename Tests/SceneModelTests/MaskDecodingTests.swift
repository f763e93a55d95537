import Testing
import Geometry
@testable import SceneModel

/// Decoding of `mask`, `maskMode` and track `matte`s: what they become in
/// the model, and the located errors for what is wrong with them.
@Suite struct MaskDecodingTests {
    /// A scene with `layers` on `SceneDecoderTests`' canvas.
    static func scene(_ layers: String) -> String { #"{\#(SceneDecoderTests.canvas), "layers": [\#(layers)]}"# }

    func decode(_ layers: String) throws(SceneLoadError) -> Scene { try SceneDecoderTests().decode(Self.scene(layers)) }

    func messages(_ layers: String) -> [String] { SceneDecoderTests().messages(Self.scene(layers)) }

    @Test func maskIsAnyNodeWithAMode() throws {
        let s = try decode(#"{"type": "rect", "size": [10, 10], "mask": {"type": "text", "text": "A"}, "maskMode": "luminance"}"#)
        let mask = try #require(s.layers[0].effects.mask)
        #expect(mask.mode == .luminance)
        guard case .content(let node) = mask.source, case .text = node.kind else { Issue.record("\(mask.source)"); return }
        #expect(try decode(#"{"type": "rect", "size": [10, 10], "mask": {"type": "circle", "radius": 2}}"#)
            .layers[0].effects.mask?.mode == .alpha)
    }

    /// The matte leaves the list and becomes the next node's mask.
    @Test func matteTakesTheNodeBeforeOutOfTheList() throws {
        let s = try decode(#"""
            {"type": "circle", "radius": 1},
            {"type": "text", "id": "title", "text": "A"},
            {"type": "rect", "size": [10, 10], "matte": {"node": "title", "mode": "invertedLuminance"}}
            """#)
        #expect(s.layers.count == 2)
        let mask = try #require(s.layers[1].effects.mask)
        #expect(mask.mode == .invertedLuminance)
        guard case .matte(let node) = mask.source else { Issue.record("\(mask.source)"); return }
        #expect(node.id == "title")
        #expect(s.layers[1].subnodes.map(\.id) == ["title"])
    }

    @Test func mattesInGroupsLeaveTheirGroup() throws {
        let s = try decode(#"{"type": "group", "children": [{"type": "rect", "id": "m", "size": [1, 1]}, {"type": "rect", "size": [2, 2], "matte": {"node": "m"}}]}"#)
        guard case .group(let children, _) = s.layers[0].kind else { Issue.record("not a group"); return }
        #expect(children.count == 1 && children[0].effects.mask?.mode == .alpha)
    }

    /// Unknown modes and keys, with a suggestion; a matte that is not the
    /// node just before; a mode with no mask; both a mask and a matte.
    @Test(arguments: [
        (#"{"type": "rect", "size": [1, 1], "mask": {"type": "rect", "size": [1, 1]}, "maskMode": "luminence"}"#,
         #"s.json:1:155: $.layers[0].maskMode: expected one of "alpha", "invertedAlpha", "luminance", "invertedLuminance", found "luminence"; did you mean "luminance"?"#),
        (#"{"type": "rect", "id": "m", "size": [1, 1]}, {"type": "rect", "size": [1, 1], "matte": {"node": "m", "mode": "invertedalpha"}}"#,
         #"s.json:1:177: $.layers[1].matte.mode: expected one of "alpha", "invertedAlpha", "luminance", "invertedLuminance", found "invertedalpha"; did you mean "invertedAlpha"?"#),
        (#"{"type": "rect", "id": "m", "size": [1, 1]}, {"type": "rect", "size": [1, 1], "matte": {"node": "m", "mdoe": "alpha"}}"#,
         #"s.json:1:169: $.layers[1].matte.mdoe: unknown key "mdoe" in a matte; did you mean "mode"?"#),
        (#"{"type": "rect", "id": "title", "size": [1, 1]}, {"type": "rect", "size": [1, 1], "matte": {"node": "titel"}}"#,
         #"s.json:1:168: $.layers[1].matte.node: a matte is the node just before this one, whose id is "title", not "titel"; did you mean "title"?"#),
        (#"{"type": "rect", "size": [1, 1]}, {"type": "rect", "size": [1, 1], "matte": {"node": "m"}}"#,
         #"s.json:1:153: $.layers[1].matte.node: a matte is the node just before this one, which has no id (found "m")"#),
        (#"{"type": "rect", "size": [1, 1], "matte": {"node": "m"}}"#,
         #"s.json:1:119: $.layers[0].matte.node: no node comes before this one to be its matte"#),
        (#"{"type": "rect", "size": [1, 1], "maskMode": "luminance"}"#,
         #"s.json:1:113: $.layers[0].maskMode: "maskMode" is the mode of a "mask", and this node has none"#),
        (#"{"type": "rect", "id": "m", "size": [1, 1]}, {"type": "rect", "size": [1, 1], "mask": {"type": "rect", "size": [1, 1]}, "matte": {"node": "m"}}"#,
         #"s.json:1:113: $.layers[1]: a node takes "mask" or "matte", not both"#),
        (#"{"type": "rect", "id": "a", "size": [1, 1]}, {"type": "rect", "id": "b", "size": [1, 1], "matte": {"node": "a"}}, {"type": "rect", "size": [1, 1], "matte": {"node": "b"}}"#,
         #"s.json:1:233: $.layers[2].matte.node: "b" has a matte of its own; a matte cannot use one"#),
        (#"{"type": "rect", "size": [1, 1], "mask": {"type": "rect", "size": [1, 1], "matte": {"node": "x"}}}"#,
         #"s.json:1:160: $.layers[0].mask.matte.node: no node comes before this one to be its matte"#),
    ])
    func maskMistakesAreLocated(layers: String, message: String) {
        #expect(messages(layers) == [message])
    }
}
