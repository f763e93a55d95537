import Foundation
import ProcessRunner
import Testing

/// A point parameter in the studio: listed as `[x, y]`, editable as the
/// text `x,y` (what the page's field shows and sends), its value at a
/// moment an array too.
@Suite struct StudioPointParameterTests {
    static let scene = """
        {"canvas": {"width": 40, "height": 40, "fps": 10, "duration": 2},
         "variables": {"pos": [10, 20]},
         "timeline": [{"at": 1, "set": {"pos": [30, 5]}}],
         "layers": [{"type": "circle", "radius": 3, "position": {"expr": "pos"}, "fill": "white"}]}
        """

    @Test func pointsAreListedAsArraysAndEditedAsText() throws {
        let studio = try StudioProcess(sceneJSON: Self.scene)
        defer { studio.stop() }
        let parameters = try #require(try studio.get("/api/scene").json()["parameters"] as? [[String: Any]])
        #expect(parameters.first?["type"] as? String == "point")
        #expect(parameters.first?["value"] as? [Double] == [10, 20])
        #expect(parameters.first?["editable"] as? Bool == true)
        #expect(try studio.get("/api/values?t=1.5").text == #"{"frame":15,"time":1.5,"values":[{"name":"pos","value":[30,5]}]}"#)
        let reply = try studio.post("/api/parameters", body: #"{"pos": "12.5, 7"}"#)
        #expect(reply.status == 200, "\(reply.text)")
        #expect(try studio.get("/api/values?t=0").text == #"{"frame":0,"time":0,"values":[{"name":"pos","value":[12.5,7]}]}"#)
        let bad = try studio.post("/api/parameters", body: #"{"pos": "12.5"}"#)
        #expect(bad.status == 400 && bad.text == #"pos: expected a point (two numbers: x,y), found "12.5""# + "\n", "\(bad.text)")
    }
}
