#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CTroveRuntime
import Dispatch
import Foundation
import Synchronization

/// The real terminal: /dev/tty in raw mode, with bracketed paste, window size, and signal
/// handling that restores the terminal on every way out.
///
/// ```swift
/// let terminal = try TerminalDevice.open()
/// defer { terminal.restore() }
/// terminal.write("\u{1B}[1mhello\u{1B}[0m\r\n")
/// ```
///
/// > Important: raw mode turns off ISIG, so Ctrl-C arrives as byte 3 rather than SIGINT; the
/// > session treats it as a key. SIGINT, SIGTERM and SIGHUP sent from elsewhere restore the
/// > terminal and exit with 128 + the signal number.
final class TerminalDevice: InteractiveTerminal {
    let input: AsyncStream<[UInt8]>
    let resizes: AsyncStream<TerminalSize>

    private let fd: Int32
    private let ownsFD: Bool
    private let saved: termios
    private let inputContinuation: AsyncStream<[UInt8]>.Continuation
    private let resizeContinuation: AsyncStream<TerminalSize>.Continuation
    private let shared: Mutex<Shared>

    private struct Shared: ~Copyable {
        var restored = false
        var cleanup = ""
        var signalSources: [any DispatchSourceSignal] = []
        /// Between suspend() and resume(): another program has the terminal.
        var suspended = false
        /// The reader thread saw `suspended` and reads nothing until it clears.
        var readerParked = false
    }

    /// Signals that end the session; each restores the terminal, then exits 128 + its number.
    private static let fatalSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]

    /// True when there is a terminal to draw on; when false, show help instead of hanging.
    static var isAvailable: Bool {
        let fd = Foundation.open("/dev/tty", O_RDWR | O_CLOEXEC)
        if fd >= 0 {
            close(fd)
            return true
        }
        return isatty(STDIN_FILENO) == 1
    }

    /// Opens the controlling terminal and enters raw mode.
    ///
    /// Reads and writes /dev/tty rather than stdin/stdout, so the interface works when stdin
    /// is a pipe and when stdout is captured (`id=$(trove)`); falls back to stdin if it is a tty.
    /// - Returns: The device, reading on its own thread.
    /// - Throws: `TerminalError.noTerminal` when there is no terminal at all;
    ///   `TerminalError.attributes` when its mode cannot be read or set.
    static func open() throws(TerminalError) -> TerminalDevice {
        var fd = Foundation.open("/dev/tty", O_RDWR | O_CLOEXEC)
        var owns = true
        if fd < 0 || isatty(fd) != 1 {
            if fd >= 0 { close(fd) }
            guard isatty(STDIN_FILENO) == 1 else { throw .noTerminal }
            fd = STDIN_FILENO
            owns = false
        }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else {
            let error = errno
            if owns { close(fd) }
            throw .attributes(operation: "tcgetattr", errno: error)
        }
        var raw = saved
        makeRaw(&raw)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            let error = errno
            if owns { close(fd) }
            throw .attributes(operation: "tcsetattr", errno: error)
        }
        // NB: a crash (SIGILL, SIGSEGV…) skips every Swift cleanup; the runtime's handler puts
        // this mode back, so the shell is not left without echo.
        trove_runtime_restore_terminal_on_crash(fd, &saved)
        let device = TerminalDevice(fd: fd, ownsFD: owns, saved: saved)
        device.writeAll("\u{1B}[?2004h")  // bracketed paste on
        device.installSignalHandlers()
        device.startReader()
        return device
    }

    private init(fd: Int32, ownsFD: Bool, saved: termios) {
        self.fd = fd
        self.ownsFD = ownsFD
        self.saved = saved
        (input, inputContinuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        (resizes, resizeContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        shared = Mutex(Shared())
    }

    /// Like cfmakeraw, but keeps OPOST so that "\n" written by anyone still starts a new line.
    private static func makeRaw(_ mode: inout termios) {
        mode.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        mode.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        mode.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        mode.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &mode.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
    }

    func size() -> TerminalSize {
        var window = winsize()
        let result = withUnsafeMutablePointer(to: &window) { ioctl(fd, UInt(TIOCGWINSZ), $0) }
        guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return .fallback }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    func write(_ text: String) {
        guard !shared.withLock({ $0.restored || $0.suspended }) else { return }
        writeAll(text)
    }

    func suspend() {
        let cleanup: String? = shared.withLock { shared in
            guard !shared.restored, !shared.suspended else { return nil }
            shared.suspended = true
            return shared.cleanup
        }
        guard let cleanup else { return }
        // NB: wait for the reader to park, so that it cannot take a key meant for the editor.
        let deadline = ContinuousClock.now + .seconds(1)
        while !shared.withLock({ $0.readerParked }), ContinuousClock.now < deadline { usleep(1_000) }
        writeAll(cleanup + "\u{1B}[?2004l" + TerminalScreen.showCursor)
        var mode = saved
        _ = tcsetattr(fd, TCSANOW, &mode)
    }

    func resume() {
        let wasSuspended = shared.withLock { shared in
            guard !shared.restored, shared.suspended else { return false }
            return true
        }
        guard wasSuspended else { return }
        var raw = saved
        Self.makeRaw(&raw)
        _ = tcsetattr(fd, TCSANOW, &raw)
        writeAll("\u{1B}[?2004h")
        shared.withLock { $0.suspended = false }
    }

    func setCleanup(_ text: String) {
        shared.withLock { $0.cleanup = text }
    }

    func restore() {
        guard restoreMode() else { return }
        inputContinuation.finish()
        resizeContinuation.finish()
    }

    /// Puts the terminal back without ending the streams.
    /// - Returns: False when it had already been restored.
    private func restoreMode() -> Bool {
        let cleanup: String? = shared.withLock { shared in
            guard !shared.restored else { return nil }
            shared.restored = true
            for source in shared.signalSources { source.cancel() }
            shared.signalSources = []
            return shared.cleanup
        }
        guard let cleanup else { return false }
        writeAll(cleanup + "\u{1B}[?2004l" + TerminalScreen.showCursor)
        var mode = saved
        _ = tcsetattr(fd, TCSANOW, &mode)
        trove_runtime_forget_terminal()
        for signalNumber in Self.fatalSignals + [SIGWINCH] { signal(signalNumber, SIG_DFL) }
        return true
    }

    deinit {
        restore()
        if ownsFD { close(fd) }
    }

    private func writeAll(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    // MARK: - Signals and the reader thread

    /// Restores the terminal on SIGTERM/SIGINT/SIGHUP/SIGQUIT and reports SIGWINCH as a resize.
    private func installSignalHandlers() {
        shared.withLock { shared in
            for signalNumber in Self.fatalSignals {
                // NB: dispatch only sees a signal whose default action is disabled.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [self] in
                    // NB: Ctrl-C and Ctrl-\ typed in the editor reach this process too (same
                    // process group): they are the editor's to handle.
                    if [SIGINT, SIGQUIT].contains(signalNumber), self.shared.withLock({ $0.suspended }) { return }
                    // NB: not restore(): ending the input stream would let the session return
                    // 130 and exit before this handler reports the signal.
                    _ = restoreMode()
                    exit(128 + signalNumber)
                }
                source.resume()
                shared.signalSources.append(source)
            }
            signal(SIGWINCH, SIG_IGN)
            let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
            resize.setEventHandler { [self] in resizeContinuation.yield(size()) }
            resize.resume()
            shared.signalSources.append(resize)
        }
    }

    /// Reads the tty on a thread of its own, so typing never waits for searching.
    private func startReader() {
        let thread = Thread { [self] in readLoop() }
        thread.name = "trove.tty-reader"
        thread.start()
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !shared.withLock({ $0.restored }) {
            let parked = shared.withLock { shared in
                shared.readerParked = shared.suspended
                return shared.suspended
            }
            if parked {
                usleep(10_000)
                continue
            }
            // NB: poll with a timeout so the thread notices restore() (and suspend()) and stops
            // reading, rather than stealing the next bytes typed at the shell or the editor.
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready < 0, errno != EINTR { break }
            guard ready > 0, !shared.withLock({ $0.restored || $0.suspended }) else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                inputContinuation.yield(Array(buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                break
            }
        }
        inputContinuation.finish()
    }
}
