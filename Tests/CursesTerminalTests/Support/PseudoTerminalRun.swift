import CTerminalSupport
import Foundation
import Testing
import TestSupport

/// `nearby` running on a pseudo-terminal of its own, as its controlling terminal, the way a shell starts it:
/// keys go in through the master side, everything it draws comes out there, and the slave side's modes can
/// be read before and after.
final class PseudoTerminalRun: @unchecked Sendable {
    let process: ChildProcess
    private let master: Int32
    private let slave: Int32
    /// Everything the app wrote so far.
    private(set) var output: [UInt8] = []
    /// Where `sinceMark` starts.
    private var mark = 0
    /// The terminal's modes before the app started.
    let modesBefore: termios
    let folder: TemporaryFolder

    /// `dataDirectory` is the store's folder (a new one in the run's folder by default); `environment` is added
    /// to the few variables the app gets.
    init(arguments: [String], rows: UInt16 = 24, cols: UInt16 = 80, term: String = "xterm-256color",
         dataDirectory: String? = nil, environment extra: [String: String] = [:]) throws {
        folder = try TemporaryFolder("nearby-pty")
        var path = [CChar](repeating: 0, count: 256)
        master = nearby_pty_open(Int32(rows), Int32(cols), &path, Int32(path.count))
        guard master >= 0 else { throw PTYError.cannotOpen }
        let device = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Kept open to read the modes afterwards, and so the terminal outlives the app.
        slave = open(device, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw PTYError.cannotOpen
        }
        var modes = termios()
        tcgetattr(slave, &modes)
        modesBefore = modes
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let environment = ["TERM": term, "LANG": "C.UTF-8", "HOME": folder.path,
                           "XDG_CONFIG_HOME": folder.appending("config").path, "PATH": "/usr/bin:/bin"]
            .merging(extra) { $1 }
        let data = dataDirectory ?? folder.appending("data").path
        process = try ChildProcess(Binaries.nearby, ["--data-dir", data] + arguments,
                                   environment: environment, directory: folder.path,
                                   stdin: .controllingTerminal(device), stdout: .controllingTerminal(device),
                                   stderr: .controllingTerminal(device))
    }

    deinit {
        close(master)
        close(slave)
    }

    /// The slave side's modes now.
    var modes: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }

    /// What the app wrote since the last `markOutput()`.
    var sinceMark: String { String(decoding: output[mark...], as: UTF8.self) }
    var text: String { String(decoding: output, as: UTF8.self) }

    func markOutput() {
        drain()
        mark = output.count
    }

    /// Reads what is waiting on the master side.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            output.append(contentsOf: buffer[0..<count])
        }
    }

    /// Types bytes, as a person (or a paste) would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until `text` shows in the output since the mark; false after `timeout` or once the app ended.
    func waitFor(_ text: String, timeout: Duration = .seconds(30)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            drain()
            if sinceMark.contains(text) { return true }
            if process.exit != nil {
                drain()
                return sinceMark.contains(text)
            }
            // Awaiting, not blocking: other tests' servers share the few cooperative threads.
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// How many write calls the app has made so far (`syscw` in /proc/PID/io), nil where that is not readable.
    var writeCalls: Int? {
        guard let io = try? String(contentsOfFile: "/proc/\(process.pid)/io", encoding: .utf8) else { return nil }
        let line = io.split(separator: "\n").first { $0.hasPrefix("syscw:") }
        return line.flatMap { Int($0.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// Waits until the app has written nothing for `quiet`, so a frame is whole; false after `timeout`.
    func waitForQuiet(_ quiet: Duration = .milliseconds(150), timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        var count = output.count, since = ContinuousClock.now
        while ContinuousClock.now < deadline {
            drain()
            if output.count != count { (count, since) = (output.count, ContinuousClock.now) }
            if ContinuousClock.now - since >= quiet { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }

    /// Waits for the app to end, reading what it writes meanwhile; kills it if it outlives `timeout`.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> ChildProcess.Exit? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            drain()
            if let exit = process.exit {
                drain()
                return exit
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        await process.stop()
        drain()
        return nil
    }
}

enum PTYError: Error { case cannotOpen }

/// The modes a full-screen program turns on through escape sequences, followed through its output: what a
/// terminal would be left in.
struct TerminalModes: Hashable, CustomStringConvertible {
    var alternateScreen = false
    var mouseReporting = false
    var cursorHidden = false
    var keypadTransmit = false

    /// A terminal before any program changed it.
    static let initial = TerminalModes()

    /// The modes after `output`, from `start`.
    init(after output: [UInt8], from start: TerminalModes = .initial) {
        self = start
        var index = 0
        while index < output.count {
            guard output[index] == 0x1B, index + 1 < output.count else {
                index += 1
                continue
            }
            let next = output[index + 1]
            if next == UInt8(ascii: "=") { keypadTransmit = true }
            if next == UInt8(ascii: ">") { keypadTransmit = false }
            guard next == UInt8(ascii: "["), index + 2 < output.count, output[index + 2] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            // ESC [ ? n ; n … h|l
            var end = index + 3
            while end < output.count, (0x30...0x3B).contains(output[end]) { end += 1 }
            guard end < output.count, output[end] == UInt8(ascii: "h") || output[end] == UInt8(ascii: "l") else {
                index = end
                continue
            }
            let on = output[end] == UInt8(ascii: "h")
            let numbers = String(decoding: output[(index + 3)..<end], as: UTF8.self).split(separator: ";").compactMap { Int($0) }
            for number in numbers {
                switch number {
                case 47, 1047, 1049: alternateScreen = on
                case 1000, 1002, 1003, 1005, 1006, 1015: mouseReporting = on
                case 25: cursorHidden = !on
                case 1: keypadTransmit = on
                default: break
                }
            }
            index = end + 1
        }
    }

    private init() {}

    var description: String {
        "alternate screen \(alternateScreen ? "on" : "off"), mouse \(mouseReporting ? "on" : "off"), "
            + "cursor \(cursorHidden ? "hidden" : "shown"), keypad transmit \(keypadTransmit ? "on" : "off")"
    }
}

/// The parts of `termios` a program changes: flags and control characters.
func sameModes(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    let sameCC = withUnsafeBytes(of: &a.c_cc) { left in withUnsafeBytes(of: &b.c_cc) { right in left.elementsEqual(right) } }
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag && sameCC
}
