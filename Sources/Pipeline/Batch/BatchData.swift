import SceneModel

/// The rows of a batch's data file: CSV (RFC 4180, a header row of parameter
/// names), JSON Lines (one object a line) or a JSON array of objects. Each
/// value keeps its line and column so a refused one is reported where it is.
public struct BatchData: Sendable, Equatable {
    /// The file's name as given, for messages.
    public var file: String
    public var rows: [BatchRow]

    public enum Format: Sendable, Equatable { case csv, jsonLines, jsonArray }

    /// Reads `bytes`: `.csv` files as CSV, `.jsonl`/`.ndjson` as JSON Lines,
    /// anything else by its first character (`[` an array, `{` JSON Lines —
    /// or one object over several lines, one row —, else CSV). Every problem found is
    /// thrown at once.
    public static func read(bytes: [UInt8], fileName: String) throws(BatchDataError) -> BatchData {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let rows: [BatchRow]
        switch format(of: body, fileName: fileName) {
        case .csv: rows = try CSVReader.rows(Array(body), file: fileName)
        case .jsonLines: rows = try JSONRows.lines(Array(body), file: fileName, wholeObject: !lines(fileName))
        case .jsonArray: rows = try JSONRows.array(Array(body), file: fileName)
        }
        return BatchData(file: fileName, rows: rows)
    }

    /// Whether the name says JSON Lines.
    private static func lines(_ fileName: String) -> Bool {
        let lower = fileName.lowercased()
        return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
    }

    static func format(of body: ArraySlice<UInt8>, fileName: String) -> Format {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lines(fileName) { return .jsonLines }
        switch body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "["): return .jsonArray
        case UInt8(ascii: "{"): return .jsonLines
        default: return .csv
        }
    }
}

/// One row: its values by column (CSV) or key (JSON), in file order.
public struct BatchRow: Sendable, Equatable {
    /// 1-based position among the data rows (the header not counted).
    public var number: Int
    /// The line the row starts on.
    public var line: Int
    public var fields: [BatchField]

    public init(number: Int, line: Int, fields: [BatchField]) {
        self.number = number
        self.line = line
        self.fields = fields
    }

    /// The `id` column or key, which names the row instead of setting a parameter.
    public var id: String? {
        fields.first(where: { $0.name == BatchRow.idColumn })?.value?.plainText
    }

    public static let idColumn = "id"

    /// The row's parameter values: every field but `id`; an empty CSV field
    /// or a JSON `null` keeps the scene's default.
    public func assignments(baseDirectory: String?) -> [ParameterAssignment] {
        fields.compactMap { f in
            guard f.name != Self.idColumn, let v = f.value else { return nil }
            return ParameterAssignment(name: f.name, value: v, baseDirectory: baseDirectory)
        }
    }
}

/// One value of a row and where it starts (1-based line and column, in characters).
public struct BatchField: Sendable, Equatable {
    public var name: String
    /// Nil: left empty, so the default holds.
    public var value: ParameterInput?
    public var line: Int
    public var column: Int

    public init(name: String, value: ParameterInput?, line: Int, column: Int) {
        self.name = name
        self.value = value
        self.line = line
        self.column = column
    }
}

/// Problems with the data file itself (its syntax, its shape), all at once.
public struct BatchDataError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int?
        public var message: String

        public var description: String { "\(line)" + (column.map { ":\($0)" } ?? "") + ": " + message }
    }

    public var file: String
    public var problems: [Problem]

    /// `cities.csv:3:7: message`, one a line.
    public var description: String { problems.map { "\(file):\($0)" }.joined(separator: "\n") }
}
