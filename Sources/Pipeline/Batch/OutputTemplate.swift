import Animation
import Foundation
import Media
import SceneModel

/// A batch's output path with placeholders from the row: `Output/{id}.mp4`,
/// `clips/{city}-{lang}.webm`. `{row}` is the row's number; `{id}` the row's
/// `id`, else its number. The extension picks the format as in `render`.
struct OutputTemplate {
    let text: String
    private let pieces: [Piece]

    private enum Piece { case literal(String), column(String) }

    /// Checks the template against the data's columns once, before any row.
    /// `folders`: it names a folder per row (`reel verify`'s manifests), not a video.
    init(_ text: String, columns: [String], folders: Bool = false) throws(RenderError) {
        self.text = text
        var pieces: [Piece] = [], literal = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .template(.unclosedPlaceholder(template: text))
            }
            let name = String(rest[rest.index(after: open)..<close])
            let known = columns + ["row", BatchRow.idColumn]
            guard known.contains(name) else {
                throw .template(.unknownColumn(template: text, name: name, suggestion: NameSuggestion.closest(to: name, in: known),
                                               columns: columns))
            }
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
            pieces.append(.column(name))
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
        guard folders || OutputFormat(path: text) != nil else {
            throw .template(.unknownFormat(template: text, known: OutputFormat.allCases.map { "." + $0.rawValue }))
        }
    }

    /// The default: `Output/<scene>-<id or row number>.mp4`.
    static func standard(scene: String) -> String {
        "Output/" + ((scene as NSString).lastPathComponent as NSString).deletingPathExtension + "-{id}.mp4"
    }

    /// The path of `row`. A `/` in a value is replaced, so a value cannot
    /// move an output to another folder.
    func path(for row: BatchRow) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let s): return s
            case .column("row"): return String(row.number)
            case .column(BatchRow.idColumn): return safe(row.id ?? String(row.number))
            case .column(let name):
                return safe(row.fields.first(where: { $0.name == name })?.value?.plainText ?? "")
            }
        }.joined()
    }

    private func safe(_ s: String) -> String { s.replacingOccurrences(of: "/", with: "_") }
}
