import Testing
import Animation
import Geometry
@testable import SceneModel

/// `variables` as parameters: kinds, defaults, assignments from outside, text
/// placeholders and image parameters.
@Suite struct ParameterTests {
    static let canvas = #""canvas": {"width": 100, "height": 50, "duration": 1}"#

    func decode(_ body: String, _ assignments: [ParameterAssignment] = []) throws(SceneLoadError) -> Scene {
        try SceneDecoder.decode(Array("{\(Self.canvas), \(body)}".utf8), file: "s.json", parameters: assignments)
    }

    func text(_ body: String, _ assignments: [ParameterAssignment] = []) throws -> AnimatedString {
        let scene = try decode(body, assignments)
        guard case .text(let t) = scene.layers[0].kind else { Issue.record("not a text"); return .constant("") }
        return t.text
    }

    func set(_ name: String, _ text: String) -> ParameterAssignment { .init(name: name, value: .text(text)) }

    func issues(_ body: String, _ assignments: [ParameterAssignment]) -> [String] {
        do {
            _ = try decode(body, assignments)
            return []
        } catch {
            return error.parameterIssues.map { "\($0.name): \($0.message)" } + error.diagnostics.map(\.description)
        }
    }

    static let declared = ##""variables": {"day": 7, "accent": "#FF0000", "city": "Oslo", "title": {"string": "red"}, "show": true}"##

    /// Found by the scene fuzzer: a `loop` with a mistake left the timeline
    /// unread, and a placeholder naming a variable read past its tracks and trapped.
    @Test func placeholderInASceneWhoseTimelineFailedIsReportedNotATrap() {
        let body = ##""variables": {"day": 17}, "loop": {"restion": 2}, "layers": [{"type": "text", "text": "{day:d}"}]"##
        let found = issues(body, [])
        #expect(found.contains { $0.contains("$.loop.restion: unknown key \"restion\"") }, "\(found)")
    }

    @Test func declaredValuesAreTypedDefaults() throws {
        let s = try decode(Self.declared)
        #expect(s.parameters == [
            Parameter(name: "day", kind: .number, value: .number(7)),
            Parameter(name: "accent", kind: .color, value: .color(Color(r: 1, g: 0, b: 0))),
            Parameter(name: "city", kind: .string, value: .string("Oslo")),
            Parameter(name: "title", kind: .string, value: .string("red")),
            Parameter(name: "show", kind: .bool, value: .bool(true)),
        ])
        // Strings and images are not timeline variables.
        #expect(s.timeline.variables.map(\.name) == ["day", "accent", "show"])
    }

    @Test func assignmentsAreParsedByKind() throws {
        let s = try decode(Self.declared, [set("day", "12"), set("accent", "#34C759"), set("city", "Bergen, NO"),
                                           set("show", "false")])
        #expect(s.parameters.map(\.value) == [.number(12), .color(ColorLiteral.hex(0x34C759)), .string("Bergen, NO"),
                                             .string("red"), .bool(false)])
    }

    @Test func everyRefusedAssignmentIsReportedAtOnce() {
        #expect(issues(Self.declared, [set("accen", "blue"), set("accent", "blu"), set("day", "seven"),
                                       set("show", "yes"), .init(name: "city", value: .number(3)), set("day", "1")]) == [
            #"accen: the scene has no parameter "accen" (did you mean "accent"?)"#,
            #"accent: expected a colour, found "blu" (did you mean "blue"?)"#,
            #"day: expected a number, found "seven""#,
            #"show: expected true or false, found "yes""#,
            "city: expected a string, found 3",
            #"day: "day" is given more than once"#,
        ])
    }

    @Test func keyframedVariablesCannotBeSet() {
        #expect(issues(#""variables": {"k": {"keyframes": [{"t": 0, "value": 0}]}}"#, [set("k", "1")])
                == [#"k: "k" is declared as keyframes and cannot be set"#])
    }

    @Test func placeholdersWriteFixedValuesAtLoad() throws {
        let body = Self.declared + #", "layers": [{"type": "text", "text": "{city}: day {day:02d} of {{24}} {day / 8:.2f} {show}"}]"#
        #expect(try text(body) == .constant("Oslo: day 07 of {24} 0.88 true"))
        #expect(try text(body, [set("city", "Rome"), set("day", "-3")]) == .constant("Rome: day -3 of {24} -0.38 true"))
    }

    @Test func placeholdersOfMovingVariablesMakeATemplate() throws {
        let body = #""variables": {"temp": 0}, "timeline": [{"at": 0, "animation": {"curve": "linear", "duration": 1}, "set": {"temp": 10}}], "layers": [{"type": "text", "text": "{temp:.1f}°"}]"#
        guard case .template(let template) = try text(body) else { Issue.record("expected a template"); return }
        let scene = try decode(body)
        let at = { (t: Double) in
            template.text { $0.evaluate(in: TimelineContext(timeline: scene.timeline, time: t, frame: 0, seed: 0)) }
        }
        #expect(at(0) == "0.0°")
        #expect(at(0.25) == "2.5°")
        #expect(at(2) == "10.0°")
    }

    @Test func numberFormats() {
        let cases: [(String, Double, String)] = [(".1f", 2.25, "2.3"), (".1f", -2.25, "-2.3"), (".0f", 0.5, "1"),
                                                 ("d", 2.5, "3"), ("03d", 7, "007"), ("03d", -7, "-07"),
                                                 ("5.2f", 3.14159, " 3.14"), (".3f", 0.0004, "0.000"), (".2f", -0.001, "0.00")]
        for (spec, value, expected) in cases {
            #expect(NumberFormat(spec: spec)?.write(.number(value)) == expected, "\(spec) \(value)")
        }
        #expect(NumberFormat.shortest.write(.number(0.7)) == "0.7")
        #expect(NumberFormat.shortest.write(.number(12)) == "12")
        #expect(NumberFormat(spec: "x") == nil)
        #expect(NumberFormat(spec: ".1d") == nil)
    }

    @Test func placeholderMistakesAreLoadErrors() {
        let body = { (text: String) in Self.declared + ", \"layers\": [{\"type\": \"text\", \"text\": \"\(text)\"}]" }
        #expect(issues(body("{cty}"), []) == [#"s.json:1:197: $.layers[0].text: placeholder {cty}: unknown name 'cty'; did you mean 'city'?"#])
        #expect(issues(body("{dya + 1}"), []) == [#"s.json:1:197: $.layers[0].text: placeholder {dya + 1}: unknown name 'dya'; did you mean 'day'?"#])
        #expect(issues(body("{accent}"), []) == [#"s.json:1:197: $.layers[0].text: placeholder {accent}: expected a number, a boolean or a string parameter, found a colour"#])
        #expect(issues(body("open {day"), []) == [#"s.json:1:197: $.layers[0].text: unclosed placeholder in "open {day": write {{ for a brace"#])
    }

    @Test func imageParametersNameAnAssetOrAPath() throws {
        let body = #""assets": {"images": {"a": "a.png", "b": "b.png"}}, "variables": {"card": {"image": "a"}}, "layers": [{"type": "image", "image": "card"}, {"type": "rect", "size": [1, 1], "fill": {"image": "card"}}]"#
        func names(_ s: Scene) -> [String] {
            s.layers.compactMap { node in
                if case .image(let i) = node.kind { return i.name }
                if case .shape(let shape) = node.kind, case .image(let name, _, _)? = shape.fill { return name }
                return nil
            }
        }
        #expect(names(try decode(body)) == ["a", "a"])
        #expect(names(try decode(body, [set("card", "b")])) == ["b", "b"])
        let fromPath = try decode(body, [.init(name: "card", value: .text("pics/c.png"), baseDirectory: "/data")])
        #expect(names(fromPath) == ["/data/pics/c.png", "/data/pics/c.png"])
        #expect(fromPath.assets.images["/data/pics/c.png"]?.path == "/data/pics/c.png")
        #expect(issues(body, [set("card", "bb")]) == [#"card: expected an image (an asset name or an image file path), found "bb" (did you mean "b"?)"#])
    }
}
