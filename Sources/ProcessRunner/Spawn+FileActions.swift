import Foundation

/// The two file actions `Spawn` needs beyond POSIX's: the child's current
/// folder, and closing every descriptor but its standard streams. glibc has
/// both as GNU extensions, which Swift's Glibc module leaves out, so they
/// are looked up at run time; Darwin declares the first and has a spawn
/// flag for the second.
extension Spawn {
    #if canImport(Darwin)
    static let closeOthersFlag = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)

    static func addCloseOthers(_ actions: inout posix_spawn_file_actions_t?) -> Int32 { 0 }

    static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t?, _ folder: String) -> Int32 {
        posix_spawn_file_actions_addchdir_np(&actions, folder)
    }
    #else
    static let closeOthersFlag: Int16 = 0

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                                           UnsafePointer<CChar>) -> Int32

    /// Closes every descriptor from 3 up in the child (glibc 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`; before it, each one open
    /// now). A descriptor opened elsewhere in this process without
    /// close-on-exec would otherwise live on in the child: a copied
    /// executable still open for writing there cannot be run (ETXTBSY).
    static func addCloseOthers(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let descriptor = Int32(name), descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        return 0
    }

    /// glibc 2.29's `posix_spawn_file_actions_addchdir_np`.
    static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ folder: String) -> Int32 {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return ENOSYS
        }
        return unsafeBitCast(symbol, to: AddChangeDirectory.self)(&actions, folder)
    }
    #endif
}
