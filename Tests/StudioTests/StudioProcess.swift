import Foundation
import ProcessRunner

/// `reel studio` run as a user would, on a free loopback port, in a folder of
/// its own; `stop()` (Ctrl-C) ends it, and every test calls it.
final class StudioProcess {
    let folder: String
    let scene: String
    let port: Int
    private let studio: ChildProcess

    /// Writes `sceneJSON` as `folder/scene.json` and starts the studio on it;
    /// `before` may put assets into the folder first.
    init(sceneJSON: String, arguments: [String] = [], before: (String) throws -> Void = { _ in }) throws {
        folder = NSTemporaryDirectory() + "reel-studio-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try before(folder)
        scene = folder + "/scene.json"
        try sceneJSON.write(toFile: scene, atomically: true, encoding: .utf8)
        studio = try Program.reel.start(["studio", scene, "--port", "0", "--host", "127.0.0.1"] + arguments)
        // The first line names the URL, with the port the system chose.
        _ = studio.waitFor("\n", on: .stdout)
        let text = studio.stdout
        guard let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            throw StudioTestError("reel studio printed no URL: '\(text)' \(studio.stderr)")
        }
        self.port = port
    }

    /// Ctrl-C; returns the exit status (130 when it stopped cleanly, -1 when
    /// it still ran 30 s later and was killed).
    @discardableResult
    func stop() -> Int32 {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return (try? studio.stop(SIGINT, timeout: 30).status) ?? -1
    }

    /// Rewrites the scene file as an editor would.
    func save(_ json: String) throws {
        try json.write(toFile: scene, atomically: true, encoding: .utf8)
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPReply {
        try HTTPReply.exchange(port: port, "GET \(path)", headers: headers)
    }

    func post(_ path: String, body: String = "") throws -> HTTPReply {
        try HTTPReply.exchange(port: port, "POST \(path)", headers: ["Content-Length": String(body.utf8.count)], body: body)
    }
}

struct StudioTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
