import Foundation
import SceneModel

extension GoldenManifest {
    /// Reads the manifest at `path`, checked member by member.
    /// - Throws: `.manifestMissing`; `.manifestSyntax` where the JSON stops
    ///   being JSON (a file cut short says so); `.manifestField` at the
    ///   line and column of a member that is missing or wrong.
    public static func read(_ path: String) throws(VerifyError) -> GoldenManifest {
        guard let data = FileManager.default.contents(atPath: path) else { throw .manifestMissing(path: path) }
        let root: JSONValue
        do {
            root = try JSONParser.parse([UInt8](data))
        } catch {
            throw .manifestSyntax(path: path, line: error.location.line, column: error.location.column, message: error.message)
        }
        return try ManifestReader(path: path).manifest(root)
    }
}

/// Reads the members of a parsed manifest, each error at its place.
private struct ManifestReader {
    let path: String

    func manifest(_ root: JSONValue) throws(VerifyError) -> GoldenManifest {
        let format = try int(member(root, "reel-golden", .root), .root.key("reel-golden"))
        guard format == GoldenManifest.format else {
            throw fail(root, .root.key("reel-golden"), "format \(format); this reel reads format \(GoldenManifest.format)")
        }
        var row: GoldenManifest.Row?
        if let value = root["row"], value.kind != .null {
            let at = JSONPath.root.key("row")
            let id = try member(value, "id", at)
            row = .init(number: try int(member(value, "number", at), at.key("number")),
                        id: id.kind == .null ? nil : try string(id, at.key("id")))
        }
        let renderer = try member(root, "renderer", .root), canvas = try member(root, "canvas", .root)
        let selection = try member(root, "selection", .root)
        let (r, c, s) = (JSONPath.root.key("renderer"), JSONPath.root.key("canvas"), JSONPath.root.key("selection"))
        var parameters: [GoldenSettings.Parameter] = []
        let parametersValue = try member(root, "parameters", .root)
        guard case .object(let members) = parametersValue.kind else {
            throw fail(parametersValue, .root.key("parameters"), "expected an object, found \(parametersValue.summary)")
        }
        for m in members {
            parameters.append(.init(name: m.key, value: try string(m.value, .root.key("parameters").key(m.key))))
        }
        let settings = GoldenSettings(
            rendererVersion: try int(member(renderer, "version", r), r.key("version")),
            pixelWidth: try int(member(canvas, "pixelWidth", c), c.key("pixelWidth")),
            pixelHeight: try int(member(canvas, "pixelHeight", c), c.key("pixelHeight")),
            scale: try number(member(canvas, "scale", c), c.key("scale")),
            fps: try number(member(canvas, "fps", c), c.key("fps")),
            frameCount: try int(member(canvas, "frameCount", c), c.key("frameCount")),
            first: try int(member(selection, "first", s), s.key("first")),
            last: try int(member(selection, "last", s), s.key("last")),
            every: try int(member(selection, "every", s), s.key("every")),
            parameters: parameters.sorted { $0.name < $1.name },
            systemFonts: try bool(member(root, "systemFonts", .root), .root.key("systemFonts")))
        return GoldenManifest(scene: try string(member(root, "scene", .root), .root.key("scene")), row: row, settings: settings,
                              platform: try string(member(renderer, "platform", r), r.key("platform")),
                              tolerance: try tolerance(member(root, "tolerance", .root)), shard: try shard(root),
                              references: try references(member(root, "references", .root)),
                              frames: try frames(member(root, "frames", .root), settings: settings))
    }

    private func tolerance(_ value: JSONValue) throws(VerifyError) -> Tolerance {
        let at = JSONPath.root.key("tolerance")
        let psnr = try member(value, "minPSNR", at)
        let threshold = try int(member(value, "threshold", at), at.key("threshold"))
        let share = try number(member(value, "maxShare", at), at.key("maxShare"))
        let minPSNR = psnr.kind == .null ? nil : try number(psnr, at.key("minPSNR"))
        do {
            return try Tolerance(threshold: threshold, maxShare: share, minPSNR: minPSNR)
        } catch {
            switch error {
            case .threshold: throw fail(value, at.key("threshold"), "expected 0…255, found \(threshold)")
            case .share: throw fail(value, at.key("maxShare"), "expected 0…1, found \(JSONValue.format(share))")
            case .psnr: throw fail(psnr, at.key("minPSNR"), "expected decibels above 0")
            }
        }
    }

    private func shard(_ root: JSONValue) throws(VerifyError) -> Shard? {
        guard let value = root["shard"], value.kind != .null else { return nil }
        let at = JSONPath.root.key("shard")
        let index = try int(member(value, "index", at), at.key("index")), count = try int(member(value, "count", at), at.key("count"))
        guard let shard = Shard(index: index, of: count) else { throw fail(value, at, "shard \(index) of \(count) does not exist") }
        return shard
    }

    private func references(_ value: JSONValue) throws(VerifyError) -> GoldenReferences.Layout {
        let at = JSONPath.root.key("references")
        let full = try member(value, "fullFrames", at)
        guard case .array(let items) = full.kind else { throw fail(full, at.key("fullFrames"), "expected an array, found \(full.summary)") }
        var frames: [Int] = []
        for (i, item) in items.enumerated() { frames.append(try int(item, at.key("fullFrames").index(i))) }
        return .init(thumbnailWidth: try int(member(value, "thumbnailWidth", at), at.key("thumbnailWidth")),
                     thumbnailHeight: try int(member(value, "thumbnailHeight", at), at.key("thumbnailHeight")),
                     fullFrames: frames)
    }

    private func frames(_ value: JSONValue, settings: GoldenSettings) throws(VerifyError) -> [GoldenManifest.Frame] {
        let at = JSONPath.root.key("frames")
        guard case .array(let items) = value.kind else { throw fail(value, at, "expected an array, found \(value.summary)") }
        var frames: [GoldenManifest.Frame] = []
        frames.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let place = at.index(i)
            let frame = try int(member(item, "frame", place), place.key("frame"))
            let digest = try string(member(item, "sha256", place), place.key("sha256"))
            guard digest.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw fail(item, place.key("sha256"), "expected 64 lowercase hex digits")
            }
            if let previous = frames.last, frame <= previous.frame {
                throw fail(item, place.key("frame"), "frame \(frame) after frame \(previous.frame); frames go in increasing order, once each")
            }
            guard (settings.first...max(settings.first, settings.last)).contains(frame) else {
                throw fail(item, place.key("frame"), "frame \(frame) is outside the selection \(settings.selection)")
            }
            frames.append(.init(frame: frame, time: try number(member(item, "time", place), place.key("time")), digest: digest))
        }
        return frames
    }

    // MARK: Members and values

    private func member(_ object: JSONValue, _ key: String, _ at: JSONPath) throws(VerifyError) -> JSONValue {
        guard case .object = object.kind else { throw fail(object, at, "expected an object, found \(object.summary)") }
        guard let value = object[key] else { throw fail(object, at.key(key), "missing") }
        return value
    }

    private func int(_ value: JSONValue, _ at: JSONPath) throws(VerifyError) -> Int {
        guard case .number(let n) = value.kind, n == n.rounded(), abs(n) < 1e15 else {
            throw fail(value, at, "expected a whole number, found \(value.summary)")
        }
        return Int(n)
    }

    private func number(_ value: JSONValue, _ at: JSONPath) throws(VerifyError) -> Double {
        guard case .number(let n) = value.kind else { throw fail(value, at, "expected a number, found \(value.summary)") }
        return n
    }

    private func string(_ value: JSONValue, _ at: JSONPath) throws(VerifyError) -> String {
        guard case .string(let s) = value.kind else { throw fail(value, at, "expected a string, found \(value.summary)") }
        return s
    }

    private func bool(_ value: JSONValue, _ at: JSONPath) throws(VerifyError) -> Bool {
        guard case .bool(let b) = value.kind else { throw fail(value, at, "expected true or false, found \(value.summary)") }
        return b
    }

    private func fail(_ value: JSONValue, _ at: JSONPath, _ message: String) -> VerifyError {
        .manifestField(path: path, line: value.location.line, column: value.location.column, field: at.description, message: message)
    }
}
