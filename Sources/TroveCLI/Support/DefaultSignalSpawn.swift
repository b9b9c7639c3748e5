#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` attributes that give the child the default handling of every signal and no
/// blocked ones, whatever this process ignores (the interactive search reads Ctrl-C as a key)
/// or the spawning thread blocks (test threads block most signals).
///
/// ```swift
/// let spawned = DefaultSignalSpawn.withAttributes { attributes in
///     posix_spawn(&pid, "/bin/sh", &actions, attributes, argv, environ)
/// }
/// ```
enum DefaultSignalSpawn {
    static func withAttributes<T>(_ body: (UnsafePointer<posix_spawnattr_t>) throws -> T) rethrows -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return try body(&attributes)
    }
}
