import SceneModel

/// RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field
/// in double quotes may hold commas, line breaks and `""` for a quote. The
/// first record names the columns. Blank lines are skipped.
enum CSVReader {
    struct Field {
        var text: String
        var line: Int
        var column: Int
        var quoted: Bool
    }

    static func rows(_ bytes: [UInt8], file: String) throws(BatchDataError) -> [BatchRow] {
        var problems: [BatchDataError.Problem] = []
        let records = self.records(String(decoding: bytes, as: UTF8.self), problems: &problems)
        guard let header = records.first else {
            throw BatchDataError(file: file, problems: problems + [.init(line: 1, column: nil, message: "no header row: expected parameter names separated by commas")])
        }
        var names: [String] = []
        for f in header {
            let name = f.text.trimmingSpaces
            if name.isEmpty {
                problems.append(.init(line: f.line, column: f.column, message: "empty column name in the header"))
            } else if names.contains(name) {
                problems.append(.init(line: f.line, column: f.column, message: "column \"\(name)\" appears twice in the header"))
            }
            names.append(name)
        }
        var rows: [BatchRow] = []
        for (i, record) in records.dropFirst().enumerated() {
            guard record.count == names.count else {
                problems.append(.init(line: record[0].line, column: nil,
                                      message: "expected \(names.count) field\(names.count == 1 ? "" : "s") as in the header, found \(record.count)"))
                continue
            }
            let fields = zip(names, record).map { name, f in
                BatchField(name: name, value: f.text.isEmpty && !f.quoted ? nil : .text(f.text), line: f.line, column: f.column)
            }
            rows.append(BatchRow(number: i + 1, line: record[0].line, fields: fields))
        }
        guard problems.isEmpty else { throw BatchDataError(file: file, problems: problems) }
        return rows
    }

    /// The records of `text`, each a list of fields with their positions.
    static func records(_ text: String, problems: inout [BatchDataError.Problem]) -> [[Field]] {
        var records: [[Field]] = []
        var record: [Field] = []
        var field = Field(text: "", line: 1, column: 1, quoted: false)
        var line = 1, column = 1
        var inQuotes = false, afterQuote = false, recordHasContent = false
        var chars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return chars.next()
        }
        func endField() {
            record.append(field)
            field = Field(text: "", line: line, column: column, quoted: false)
            afterQuote = false
        }
        while let c = next() {
            if inQuotes {
                if c == "\"" {
                    if let n = chars.next() {
                        if n == "\"" { field.text.unicodeScalars.append("\""); column += 2; continue }
                        pending = n
                    }
                    inQuotes = false
                    afterQuote = true
                    column += 1
                    continue
                }
                field.text.unicodeScalars.append(c)
                if c == "\n" { line += 1; column = 1 } else { column += 1 }
                continue
            }
            switch c {
            case ",":
                column += 1
                endField()
                recordHasContent = true
            case "\r", "\n":
                if c == "\r" {
                    if let n = chars.next(), n != "\n" { pending = n }
                }
                if recordHasContent || !field.text.isEmpty || field.quoted {
                    record.append(field)
                    records.append(record)
                }
                record = []
                line += 1
                column = 1
                field = Field(text: "", line: line, column: column, quoted: false)
                afterQuote = false
                recordHasContent = false
            case "\"" where field.text.isEmpty && !field.quoted:
                inQuotes = true
                field.quoted = true
                column += 1
            default:
                if afterQuote {
                    problems.append(.init(line: line, column: column, message: "unexpected character after a closing quote; a quote inside a quoted field is written \"\""))
                    afterQuote = false
                }
                field.text.unicodeScalars.append(c)
                column += 1
            }
        }
        if inQuotes {
            problems.append(.init(line: field.line, column: field.column, message: "quoted field is not closed"))
        }
        if recordHasContent || !field.text.isEmpty || field.quoted {
            record.append(field)
            records.append(record)
        }
        return records
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let s = unicodeScalars
        guard let start = s.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let end = s.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(s[start...end])
    }
}
