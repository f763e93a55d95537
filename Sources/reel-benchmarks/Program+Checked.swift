import ProcessRunner

extension Program {
    /// Runs the program to its end; a status other than 0 stops the
    /// benchmark, naming the command and quoting its standard error.
    func runChecked(_ arguments: [String]) throws -> ProcessResult {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw BenchmarkFailure(text: "\(path) \(arguments.joined(separator: " ")) exited with status \(result.status): \(result.stderr)")
        }
        return result
    }
}
