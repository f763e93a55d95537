import Foundation
import Studio
import Testing

/// A `Studio` inside this process, released without `stop()`: its server
/// stops, and requests answered at that moment on libmicrohttpd's threads
/// neither crash nor keep it from stopping.
@Suite(.serialized) struct StudioLifetimeTests {
    static let scene = """
        {"canvas": {"width": 40, "height": 30, "fps": 10, "duration": 1, "background": "#102030"},
         "layers": [{"type": "circle", "radius": 8, "position": [20, 15], "fill": "white"}]}
        """

    /// A started studio on a free loopback port, its scene in a folder of its own.
    static func started() throws -> (studio: Studio, folder: String) {
        let folder = NSTemporaryDirectory() + "reel-studio-lifetime-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try scene.write(toFile: folder + "/scene.json", atomically: true, encoding: .utf8)
        var options = Studio.Options()
        options.port = 0
        options.jobs = 1
        let studio = try Studio(scene: folder + "/scene.json", options: options)
        try studio.start()
        return (studio, folder)
    }

    /// Whether connections to `port` are refused within 5 s: released on a
    /// server thread, the studio stops its server from a thread of its own.
    static func refuses(_ port: Int) -> Bool {
        for _ in 0..<100 {
            guard let socket = try? LoopbackSocket(port: port) else { return true }
            socket.close()
            usleep(50_000)
        }
        return false
    }

    @Test func releasedStudioStopsServing() throws {
        var (studio, folder): (Studio?, String) = try Self.started()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = studio!.port
        #expect(try HTTPReply.exchange(port: port, "GET /api/scene", headers: [:]).status == 200)
        studio = nil
        #expect(Self.refuses(port))
    }

    /// Released while four clients keep asking: every request ends (answered
    /// or refused), and the server stops. A request being answered holds the
    /// studio, so its release may come last on a server thread.
    @Test func releasedWhileAnsweringRequests() throws {
        for _ in 0..<20 {
            var (studio, folder): (Studio?, String) = try Self.started()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let port = studio!.port
            let clients = DispatchGroup()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: clients) {
                    // Until the server refuses: a connection made just before
                    // it stopped may also end without an answer.
                    while let reply = try? HTTPReply.exchange(port: port, "GET /api/scene", headers: [:]) {
                        if reply.status != 200 && reply.status != 503 { Issue.record("status \(reply.status): \(reply.text)") }
                    }
                }
            }
            usleep(20_000)
            studio = nil
            #expect(clients.wait(timeout: .now() + 30) == .success)
            #expect(Self.refuses(port))
        }
    }
}
