import Animation
import Foundation
import Geometry

/// Applies outside values to a scene's parameters. Every caller — `--set`,
/// `--vars`, each batch row — goes through `apply`, so a value means the same
/// wherever it is given, and a scene loaded with assignments is the scene
/// with those values written into its `variables`.
public enum Parameters {
    /// Replaces the values of `parameters` named by `assignments`, in order.
    /// Returns every refused assignment (the others still apply), so a
    /// caller reports all problems at once.
    ///
    /// Text is parsed by the parameter's kind: a number (finite), a colour
    /// as the format spells it, `true`/`false`, a point as two finite numbers
    /// `x,y` (a JSON `[x, y]` arrives as that text), a string as given, an image
    /// as an asset name of `imageAssets` or a path ending in an image file
    /// extension (`imageFileExtensions`), a sound as a path ending in one of
    /// `AudioClip.fileExtensions` (a relative path joined to the
    /// assignment's `baseDirectory`).
    public static func apply(_ assignments: [ParameterAssignment], to parameters: inout [Parameter],
                             imageAssets: [String]) -> [ParameterIssue] {
        var issues: [ParameterIssue] = []
        var seen: [String] = []
        for a in assignments {
            if seen.contains(a.name) {
                issues.append(ParameterIssue(name: a.name, problem: .duplicate))
                continue
            }
            seen.append(a.name)
            guard let i = parameters.firstIndex(where: { $0.name == a.name }) else {
                let suggestion = NameSuggestion.closest(to: a.name, in: parameters.map(\.name))
                issues.append(ParameterIssue(name: a.name, problem: .unknown(suggestion: suggestion)))
                continue
            }
            guard parameters[i].value != nil else {
                issues.append(ParameterIssue(name: a.name, problem: .keyframed))
                continue
            }
            switch parse(a.value, as: parameters[i].kind, imageAssets: imageAssets, baseDirectory: a.baseDirectory) {
            case .success(let value): parameters[i].value = value
            case .failure(let problem): issues.append(ParameterIssue(name: a.name, problem: problem))
            }
        }
        return issues
    }

    /// `input` as a value of `kind`, or why it is not one.
    static func parse(_ input: ParameterInput, as kind: ParameterKind, imageAssets: [String],
                      baseDirectory: String?) -> Result<ParameterValue, ParameterIssue.Problem> {
        let wrong = ParameterIssue.Problem.wrongType(expected: kind, found: input, suggestion: nil)
        switch (kind, input) {
        case (.number, .number(let n)):
            return .success(.number(n))
        case (.number, .text(let s)):
            guard let n = Double(s.trimmingCharacters(in: .whitespaces)), n.isFinite else { return .failure(wrong) }
            return .success(.number(n))
        case (.bool, .bool(let b)):
            return .success(.bool(b))
        case (.bool, .text(let s)):
            switch s.trimmingCharacters(in: .whitespaces) {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return .failure(wrong)
            }
        case (.color, .text(let raw)):
            let s = raw.trimmingCharacters(in: .whitespaces)
            if let c = ColorLiteral.parse(s) { return .success(.color(c)) }
            let suggestion = s.hasPrefix("#") ? nil : NameSuggestion.closest(to: s, in: ColorLiteral.names.map(\.name))
            return .failure(.wrongType(expected: kind, found: input, suggestion: suggestion))
        case (.point, .text(let s)):
            let parts = s.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
            guard parts.count == 2, numbers.count == 2 else { return .failure(wrong) }
            return .success(.point(Point(numbers[0], numbers[1])))
        case (.point, .json(let v)):
            guard case .array(let items) = v.kind, items.count == 2,
                  case .number(let x) = items[0].kind, case .number(let y) = items[1].kind else { return .failure(wrong) }
            return .success(.point(Point(x, y)))
        case (.string, .text(let s)):
            return .success(.string(s))
        case (.image, .text(let s)):
            return image(s, imageAssets: imageAssets, baseDirectory: baseDirectory).mapError { .wrongType(expected: kind, found: input, suggestion: $0.name) }
        case (.audio, .text(let s)):
            return audio(s, baseDirectory: baseDirectory).map { .success($0) } ?? .failure(wrong)
        case (.video, .text(let s)):
            return video(s, baseDirectory: baseDirectory).map { .success($0) } ?? .failure(wrong)
        case (.color, .color(let c)):
            return .success(.color(c))
        case (.list, .text(let s)):
            guard let value = try? JSONParser.parse(Array(s.utf8)) else { return .failure(wrong) }
            return list(value)
        case (.list, .json(let value)):
            return list(value)
        default:
            return .failure(wrong)
        }
    }

    /// A list's items from JSON, within the limit on list length.
    static func list(_ value: JSONValue) -> Result<ParameterValue, ParameterIssue.Problem> {
        ListItem.items(of: value, limit: SceneDecoder.maxListItems).map { .list($0) }.mapError { .badList($0.message) }
    }

    /// Endings that make an image parameter's text a path rather than an
    /// asset name. They only tell the two apart: the file's content decides
    /// its format when it is read (PNG, JPEG, WebP, HEIF or AVIF).
    public static let imageFileExtensions = [".png", ".jpg", ".jpeg", ".webp", ".heic", ".heif", ".avif"]

    /// An image value: a declared asset (or built-in image) by name, else an
    /// image file's path. The failure carries a close asset name, if any.
    static func image(_ s: String, imageAssets: [String],
                      baseDirectory: String?) -> Result<ParameterValue, Suggestion> {
        if imageAssets.contains(s) || BuiltInImage(rawValue: s) != nil { return .success(.image(s)) }
        let lowercased = s.lowercased()
        guard imageFileExtensions.contains(where: { lowercased.hasSuffix($0) && s.count > $0.count }) else {
            return .failure(Suggestion(NameSuggestion.closest(to: s, in: imageAssets)))
        }
        return .success(.image(resolve(s, in: baseDirectory)))
    }

    /// A sound value: a path ending in a sound file's extension, joined to
    /// `baseDirectory` when relative; nil for anything else.
    static func audio(_ s: String, baseDirectory: String?) -> ParameterValue? {
        guard AudioClip.isSoundFile(s) else { return nil }
        return .audio(resolve(s, in: baseDirectory))
    }

    /// A video value: a path ending in a video file's extension, joined to
    /// `baseDirectory` when relative; nil for anything else.
    static func video(_ s: String, baseDirectory: String?) -> ParameterValue? {
        guard VideoNode.isVideoFile(s) else { return nil }
        return .video(resolve(s, in: baseDirectory))
    }

    /// `path` joined to `baseDirectory` when relative and a folder is given.
    private static func resolve(_ path: String, in baseDirectory: String?) -> String {
        guard let base = baseDirectory, !path.hasPrefix("/") else { return path }
        return (base as NSString).appendingPathComponent(path)
    }

    /// A close spelling carried by a failed parse.
    struct Suggestion: Error {
        let name: String?
        init(_ name: String?) { self.name = name }
    }
}
