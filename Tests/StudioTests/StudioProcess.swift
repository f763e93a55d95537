import Foundation

/// `reel studio` run as a user would, on a free loopback port, in a folder of
/// its own; `stop()` (Ctrl-C) ends it, and every test calls it.
final class StudioProcess {
    static let reel = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("reel").path

    let folder: String
    let scene: String
    let port: Int
    private let process = Process()
    private let errors = Pipe()

    /// Writes `sceneJSON` as `folder/scene.json` and starts the studio on it;
    /// `before` may put assets into the folder first.
    init(sceneJSON: String, arguments: [String] = [], before: (String) throws -> Void = { _ in }) throws {
        folder = NSTemporaryDirectory() + "reel-studio-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try before(folder)
        scene = folder + "/scene.json"
        try sceneJSON.write(toFile: scene, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: Self.reel)
        process.arguments = ["studio", scene, "--port", "0", "--host", "127.0.0.1"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line names the URL, with the port the system chose.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let more = output.fileHandleForReading.availableData
            if more.isEmpty { break }
            line += more
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//), let port = Int(match.1) else {
            process.interrupt()
            throw StudioTestError("reel studio printed no URL: '\(text)' \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        }
        self.port = port
    }

    /// Ctrl-C; returns the exit status (130 when it stopped cleanly).
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
        return process.terminationStatus
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

    /// Runs `reel` with `args` to the end.
    static func run(_ args: [String]) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: reel)
        p.arguments = args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }
}

struct StudioTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
