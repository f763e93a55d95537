import Animation
import DisplayList
import Foundation
import Media
import Pipeline
import SceneModel

/// The endpoints:
/// - `GET /` and the page's files;
/// - `GET /api/scene` — canvas, timing, marks, parameters, warnings, errors;
/// - `GET /api/frame.png?t=SECONDS | frame=N [&scale=S]` — the PNG of that moment;
/// - `GET /api/values?t= | frame=` — every variable's value at that moment;
/// - `GET /api/sound.wav` — the scene's sound mix, its whole length, as 16-bit WAV;
/// - `GET /api/events` — Server-Sent Events (`hello`, `reload`, `error`, `render`);
/// - `POST /api/parameters` — `{"NAME": VALUE, …}` applied as `--set NAME=VALUE` would;
/// - `POST /api/render[?format=mp4|webm|mov|gif]`, `GET /api/render`, `GET /api/render/FILE`.
extension Studio {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let route = (request.method == "HEAD" ? "GET" : request.method, request.path)
        do {
            switch route {
            case ("GET", "/api/scene"):
                try Self.noArguments(request)
                return .json(description())
            case ("GET", "/api/frame.png"):
                return try frameResponse(request)
            case ("GET", "/api/values"):
                return try valuesResponse(request)
            case ("GET", "/api/sound.wav"):
                try Self.noArguments(request)
                return soundResponse()
            case ("GET", "/api/events"):
                try Self.noArguments(request)
                return eventStream()
            case ("POST", "/api/parameters"):
                try Self.noArguments(request)
                try setParameters(request.body)
                return .json(description())
            case ("POST", "/api/render"):
                return try startRender(request)
            case ("GET", "/api/render"):
                try Self.noArguments(request)
                return .json(renders.current)
            case ("GET", let path) where path.hasPrefix("/api/render/"):
                let name = String(path.dropFirst("/api/render/".count))
                guard let bytes = renders.file(named: name) else { return .text(404, "no finished render called '\(name)'") }
                return .bytes(status: 200, headers: [("Content-Type", Self.contentType(of: name)),
                                                     ("Content-Disposition", "attachment; filename=\"\(name)\""),
                                                     ("Cache-Control", "no-store")], body: bytes)
            case ("GET", let path):
                guard let file = page.file(at: path) else { return .text(404, "not found: \(path)") }
                return .bytes(status: 200, headers: [("Content-Type", file.type), ("Cache-Control", "no-cache")], body: file.bytes)
            default:
                let known = ["/api/scene", "/api/frame.png", "/api/values", "/api/sound.wav", "/api/events", "/api/parameters", "/api/render"].contains(request.path)
                return known ? .text(405, "\(request.method) is not allowed on \(request.path)")
                             : .text(404, "not found: \(request.path)")
            }
        } catch {
            return .text(400, error.message)
        }
    }

    /// The PNG and its key (the ETag) for `query`, from the current version.
    func frame(_ query: FrameQuery) throws -> (key: String, png: [UInt8], version: Int) {
        guard let version = scene.version(scale: query.scale) else { throw Unavailable(messages: scene.errors) }
        let prepared = version.prepared
        let list: DisplayList
        switch try query.resolved(in: prepared.scene.canvas, defaultTime: prepared.scene.posterTime) {
        case .time(let t): list = prepared.evaluator.displayList(at: t)
        case .frame(let f): list = prepared.evaluator.displayList(frame: f)
        }
        let frame = EncodedDisplayList(list)
        let key = frames.key(of: frame, in: version)
        return (key, try frames.png(of: frame, key: key, in: version), version.number)
    }

    private func frameResponse(_ request: HTTPRequest) throws(QueryError) -> HTTPResponse {
        let query = try FrameQuery(request)
        do {
            let (key, png, version) = try frame(query)
            noteAsked(query)
            let etag = "\"\(key)\""
            var headers = [("ETag", etag), ("Cache-Control", "no-cache"), ("X-Reel-Version", String(version))]
            if request.ifNoneMatch == etag { return .bytes(status: 304, headers: headers, body: []) }
            headers.append(("Content-Type", "image/png"))
            return .bytes(status: 200, headers: headers, body: png)
        } catch let error as QueryError {
            throw error
        } catch let error as Unavailable {
            return .text(503, (["the scene has not loaded:"] + error.messages).joined(separator: "\n"))
        } catch {
            return .text(500, "cannot encode the frame: \(error)")
        }
    }

    private func valuesResponse(_ request: HTTPRequest) throws(QueryError) -> HTTPResponse {
        let query = try FrameQuery(request, allowed: ["t", "frame"])
        guard let version = scene.version() else { return .text(503, "the scene has not loaded") }
        let scene = version.prepared.scene
        // The moment as the renderer reads it (`Scene+Time`): a frame's own
        // time falls in that frame, whatever time × fps rounds to.
        let moment: TimelineContext
        switch try query.resolved(in: scene.canvas, defaultTime: scene.posterTime) {
        case .time(let t): moment = scene.context(at: t)
        case .frame(let f): moment = scene.context(frame: f)
        }
        return .json(VariableValues(moment))
    }

    /// The current version's mix from 0 to the scene's duration; 404 for a
    /// scene without sound. `X-Reel-Version` says which version it is.
    private func soundResponse() -> HTTPResponse {
        guard let version = scene.version() else { return .text(503, "the scene has not loaded") }
        let prepared = version.prepared
        guard !prepared.sound.isEmpty else { return .text(404, "the scene has no sound") }
        return .bytes(status: 200, headers: [("Content-Type", "audio/wav"), ("Cache-Control", "no-store"),
                                             ("X-Reel-Version", String(version.number))],
                      body: prepared.sound.samples(until: prepared.scene.canvas.end).wavBytes)
    }

    private func eventStream() -> HTTPResponse {
        let hello = JSONText.string(description())
        return .stream(headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"),
                                 ("X-Accel-Buffering", "no")],
                       source: { [hub] in hub.subscribe(greeting: EventHub.Event(name: "hello", data: hello)) })
    }

    /// The scene as the page shows it now.
    func description() -> SceneDescription {
        SceneDescription(file: scenePath, version: scene.version(), errors: scene.errors,
                         set: scene.settings.parameters.map(\.name))
    }

    /// A JSON object of parameter values (strings, numbers or booleans, each
    /// read as the text `--set` would be given), applied together in order.
    private func setParameters(_ body: [UInt8]) throws(QueryError) {
        guard let root = try? JSONParser.parse(body), case .object(let members) = root.kind, !members.isEmpty else {
            throw QueryError("expected a JSON object of parameter names and values, such as {\"accent\": \"#34C759\"}")
        }
        var values: [(name: String, value: String)] = []
        for member in members {
            switch member.value.kind {
            case .string(let s): values.append((member.key, s))
            case .number(let n): values.append((member.key, JSONValue.format(n)))
            case .bool(let b): values.append((member.key, b ? "true" : "false"))
            default: throw QueryError("\(member.key): expected a string, a number or a boolean, found \(member.value.summary)")
            }
        }
        try scene.set(values)
    }

    private func startRender(_ request: HTTPRequest) throws(QueryError) -> HTTPResponse {
        let format = try FrameQuery.single(request, "format") ?? "mp4"
        guard RenderService.formats.contains(format) else {
            throw QueryError("format expects \(RenderService.formats.joined(separator: ", ")), found '\(format)'")
        }
        guard scene.version() != nil else { return .text(503, "the scene has not loaded") }
        guard renders.start(format: format) else {
            let now = renders.current
            return .text(409, "a render is running (frame \(now.frame) of \(now.total)); try again when it is done")
        }
        return .json(renders.current, status: 202)
    }

    private static func noArguments(_ request: HTTPRequest) throws(QueryError) {
        if let first = request.query.first { throw QueryError("unknown query argument '\(first.name)'; \(request.path) takes none") }
    }

    private static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "mp4": return "video/mp4"
        case "webm": return "video/webm"
        case "mov": return "video/quicktime"
        case "gif": return "image/gif"
        default: return "application/octet-stream"
        }
    }

    /// No version of the scene has loaded yet.
    struct Unavailable: Error {
        var messages: [String]
    }
}
