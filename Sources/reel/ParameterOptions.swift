import Foundation
import Pipeline
import SceneModel

/// `--set NAME=VALUE` and `--vars FILE.json`, shared by every command that
/// loads a scene. The values are parsed by the parameter's type when the
/// scene loads (`Parameters.apply`); a refused one comes back as data and is
/// worded here with the flag or file line that gave it.
struct ParameterOptions {
    private(set) var assignments: [ParameterAssignment] = []
    /// The `--vars` files read, for `watch` to watch.
    private(set) var files: [String] = []
    /// How each name was given, for messages: `--set accent=blu`, `vars.json:3:14: "accent"`.
    private var origins: [String: String] = [:]

    static let help = """
          --set NAME=VALUE    a value for the scene parameter NAME (a variable),
                              parsed by its type: a number, a colour (#34C759,
                              blue), true/false, a string, or an image (an
                              asset name or an image file path relative to
                              here); repeatable
          --vars FILE.json    values from a JSON object of NAME: value (image
                              paths relative to FILE); --set given later wins
        """

    /// Takes `arg` (and its value) if it is `--set` or `--vars`.
    mutating func take(_ arg: String, from reader: inout OptionReader) throws(ReelError) -> Bool {
        switch arg {
        case "--set":
            let v = try reader.value(for: arg)
            guard let eq = v.firstIndex(of: "="), eq != v.startIndex else {
                throw .usage("--set expects NAME=VALUE, found '\(v)'")
            }
            let name = String(v[..<eq])
            add(ParameterAssignment(name: name, value: .text(String(v[v.index(after: eq)...])),
                                    baseDirectory: FileManager.default.currentDirectoryPath), origin: "--set \(v)")
            return true
        case "--vars":
            let path = try reader.value(for: arg)
            guard let data = FileManager.default.contents(atPath: path) else { throw .usage("--vars \(path): cannot read the file") }
            let rows: [BatchRow]
            do {
                rows = try BatchData.read(bytes: [UInt8](data), fileName: path).rows
            } catch {
                throw .usage("--vars " + error.description)
            }
            guard rows.count == 1, (path as NSString).pathExtension.lowercased() != "csv" else {
                throw .usage("--vars \(path): expected one JSON object of NAME: value")
            }
            files.append(path)
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            for (assignment, field) in zip(rows[0].assignments(baseDirectory: folder), rows[0].fields.filter { $0.value != nil }) {
                add(assignment, origin: "\(path):\(field.line):\(field.column): \"\(field.name)\"")
            }
            return true
        default:
            return false
        }
    }

    /// The last value given for a name wins.
    private mutating func add(_ assignment: ParameterAssignment, origin: String) {
        assignments.removeAll { $0.name == assignment.name }
        assignments.append(assignment)
        origins[assignment.name] = origin
    }

    /// `error` with refused parameters worded as usage errors naming where
    /// each value was given.
    func reword(_ error: ReelError) -> ReelError {
        switch error {
        case .parameters(let issues, _):
            let lines = issues.map { issue in ReelError.usage("\(origins[issue.name] ?? issue.name): \(issue.message)") }
            return lines.count == 1 ? lines[0] : .several(lines)
        case .several(let errors): return .several(errors.map(reword))
        default: return error
        }
    }
}
