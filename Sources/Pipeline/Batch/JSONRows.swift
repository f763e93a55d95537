import SceneModel

/// Batch rows from JSON: one object a line (JSON Lines) or an array of
/// objects. Values are strings, numbers, booleans, or `null` for the default.
enum JSONRows {
    /// `wholeObject`: a file that is one object (on any number of lines) is one row.
    static func lines(_ bytes: [UInt8], file: String, wholeObject: Bool) throws(BatchDataError) -> [BatchRow] {
        var rows: [BatchRow] = [], problems: [BatchDataError.Problem] = []
        if wholeObject, let value = try? JSONParser.parse(bytes), case .object = value.kind {
            if let row = row(value, number: 1, lineOffset: 0, problems: &problems) { rows.append(row) }
            guard problems.isEmpty else { throw BatchDataError(file: file, problems: problems) }
            return rows
        }
        var start = 0, line = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = bytes[start..<end]
            if text.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
                do {
                    let value = try JSONParser.parse(Array(text))
                    if let row = row(value, number: rows.count + 1, lineOffset: line - 1, problems: &problems) { rows.append(row) }
                } catch {
                    problems.append(.init(line: line, column: error.location.column, message: error.message))
                }
            }
            start = end + 1
            line += 1
        }
        guard problems.isEmpty else { throw BatchDataError(file: file, problems: problems) }
        return rows
    }

    static func array(_ bytes: [UInt8], file: String) throws(BatchDataError) -> [BatchRow] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw BatchDataError(file: file, problems: [.init(line: error.location.line, column: error.location.column, message: error.message)])
        }
        guard case .array(let items) = value.kind else {
            throw BatchDataError(file: file, problems: [.init(line: value.location.line, column: value.location.column,
                                                              message: "expected an array of objects, found \(value.summary)")])
        }
        var rows: [BatchRow] = [], problems: [BatchDataError.Problem] = []
        for item in items {
            if let row = row(item, number: rows.count + 1, lineOffset: 0, problems: &problems) { rows.append(row) }
        }
        guard problems.isEmpty else { throw BatchDataError(file: file, problems: problems) }
        return rows
    }

    /// One object as a row; `lineOffset` moves a line's positions to the file's.
    static func row(_ value: JSONValue, number: Int, lineOffset: Int, problems: inout [BatchDataError.Problem]) -> BatchRow? {
        let at = value.location
        guard case .object(let members) = value.kind else {
            problems.append(.init(line: at.line + lineOffset, column: at.column, message: "expected an object of parameter: value, found \(value.summary)"))
            return nil
        }
        var fields: [BatchField] = [], ok = true
        for m in members {
            let line = m.value.location.line + lineOffset, column = m.value.location.column
            if fields.contains(where: { $0.name == m.key }) {
                problems.append(.init(line: m.keyLocation.line + lineOffset, column: m.keyLocation.column, message: "duplicate key \"\(m.key)\""))
                ok = false
                continue
            }
            let input: ParameterInput?
            switch m.value.kind {
            case .null: input = nil
            case .string(let s): input = .text(s)
            case .number(let n): input = .number(n)
            case .bool(let b): input = .bool(b)
            case .array, .object: input = .json(m.value)
            }
            fields.append(BatchField(name: m.key, value: input, line: line, column: column))
        }
        return ok ? BatchRow(number: number, line: at.line + lineOffset, fields: fields) : nil
    }
}
