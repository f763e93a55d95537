import Foundation

/// Starting a child with `posix_spawn`, its standard streams on pipes.
///
/// A child keeps only its three standard streams: every other descriptor
/// is closed in it (see `addCloseOthers`), and pipes are made and children
/// spawned one at a time, their ends close-on-exec, so no child holds
/// another's pipe open (and its reader short of end-of-file) until the
/// wrong child ends. Signal dispositions and the mask are reset in the
/// child, so a child started from a thread that blocks signals (as
/// Dispatch's workers do) still stops on SIGINT or SIGTERM.
enum Spawn {
    /// The parent's ends of the child's streams; `input` is nil when the
    /// child reads /dev/null.
    struct Launched {
        let pid: pid_t
        let input: Int32?
        let output: Int32
        let errors: Int32
    }

    private static let lock = NSLock()

    static func launch(_ program: Program, _ arguments: [String], environment: [String: String], folder: String?,
                       input wantsInput: Bool) throws(ProcessError) -> Launched {
        lock.lock()
        defer { lock.unlock() }
        let command = program.commandLine(arguments)
        // Every descriptor made here; those not kept for the parent are closed on the way out.
        var opened: [Int32] = [], kept: [Int32] = []
        defer { opened.filter { !kept.contains($0) }.forEach { close($0) } }
        func pipeEnds() throws(ProcessError) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw .cannotStart(command: command, errno: errno) }
            opened += ends
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
        let input: (read: Int32, write: Int32)
        if wantsInput {
            input = try pipeEnds()
        } else {
            let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard null >= 0 else { throw .cannotStart(command: command, errno: errno) }
            opened.append(null)
            input = (null, -1)
        }
        let output = try pipeEnds(), errors = try pipeEnds()

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        let closed = addCloseOthers(&actions)
        guard closed == 0 else { throw .cannotStart(command: command, errno: closed) }
        if let folder {
            let added = addChangeDirectory(&actions, folder)
            guard added == 0 else { throw .cannotStart(command: command, errno: added) }
        }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | closeOthersFlag)

        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, program.path, &actions, &attributes, argv, envp)
        guard failure == 0 else { throw .cannotStart(command: command, errno: failure) }
        kept = [input.write, output.read, errors.read]
        return Launched(pid: pid, input: wantsInput ? input.write : nil, output: output.read, errors: errors.read)
    }
}
