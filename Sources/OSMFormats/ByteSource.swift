#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A forward-only stream of bytes: a file, or the inflated content of a gzip file.
package protocol ByteSource: AnyObject {
    /// Fills the start of `buffer`; returns how many bytes it wrote, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// How far into the file on disk reading has gone (for progress).
    var fileOffset: Int { get }
}

/// A file read with plain `read(2)` calls, so that only the caller's buffer holds its bytes.
package final class FileByteSource: ByteSource {
    let path: String
    /// The file's size in bytes, when it is a regular file.
    package let size: Int
    /// When the file was last written, in seconds since 1970.
    package let modifiedAt: Int
    private let descriptor: Int32
    package private(set) var fileOffset = 0

    package init(path: String) throws(OSMImportError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw OSMImportError.unreadable(path: path, reason: Self.describe(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = Self.describe(errno)
            close(fd)
            throw OSMImportError.unreadable(path: path, reason: reason)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw OSMImportError.unreadable(path: path, reason: "it is a folder")
        }
        descriptor = fd
        size = Int(info.st_size)
        modifiedAt = Int(info.st_mtim.tv_sec)
    }

    deinit {
        close(descriptor)
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 {
                fileOffset += count
                return count
            }
            if errno == EINTR { continue }
            throw OSMImportError.unreadable(path: path, reason: Self.describe(errno))
        }
    }

    /// Reads exactly `count` bytes; fewer only at the end of the file.
    package func readFully(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// The inflated content of a gzip (or zlib) file, possibly of several concatenated members.
package final class GzipByteSource: ByteSource {
    private let file: FileByteSource
    private let limits: OSMReadLimits
    private let inflater: ZlibInflater
    /// Inflated bytes handed out so far.
    private var produced = 0
    private var input: [UInt8]
    private var inputStart = 0
    private var inputEnd = 0
    private var streamEnded = false
    private var fileEnded = false

    package init(file: FileByteSource, limits: OSMReadLimits = .standard, chunkSize: Int = 1 << 16) throws {
        self.file = file
        self.limits = limits
        do {
            inflater = try ZlibInflater(windowBits: 15 + 32)
        } catch {
            throw OSMImportError.unreadable(path: file.path, reason: decodingReason(error))
        }
        input = [UInt8](repeating: 0, count: chunkSize)
    }

    package var fileOffset: Int { file.fileOffset }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if inputStart == inputEnd && !fileEnded {
                let count = try input.withUnsafeMutableBytes { (bytes) throws -> Int in
                    try file.read(into: bytes)
                }
                inputStart = 0
                inputEnd = count
                fileEnded = count == 0
            }
            if streamEnded {
                // Another gzip member may follow (concatenated files are valid gzip).
                guard inputStart < inputEnd else { return 0 }
                inflater.reset()
                streamEnded = false
            }
            let compressedOffset = file.fileOffset - (inputEnd - inputStart)
            let step: ZlibInflater.Step
            do {
                step = try input.withUnsafeBytes { (bytes) throws -> ZlibInflater.Step in
                    try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[inputStart..<inputEnd]), into: buffer)
                }
            } catch {
                throw OSMImportError.corrupt("the gzip data is damaged: \(decodingReason(error))", .byte(compressedOffset))
            }
            inputStart += step.consumed
            streamEnded = step.streamEnded
            if step.produced > 0 {
                produced += step.produced
                try checkInflation()
                return step.produced
            }
            if streamEnded { continue }
            if fileEnded && inputStart == inputEnd {
                throw OSMImportError.truncated("the gzip data stops in the middle of its stream", .byte(file.fileOffset))
            }
        }
    }

    /// Real OpenStreetMap XML inflates about ten times; a gzip bomb inflates a thousand times, and every
    /// byte of it would have to be scanned.
    private func checkInflation() throws {
        let compressed = file.fileOffset - (inputEnd - inputStart)
        let (ratioLimit, overflow) = compressed.multipliedReportingOverflow(by: limits.streamInflationRatio)
        guard !overflow, produced > max(ratioLimit, limits.streamInflationAllowance) else { return }
        throw OSMImportError.corrupt(
            "the gzip data inflates to more than \(limits.streamInflationRatio) times its size; "
                + "no real extract compresses like that", .byte(compressed))
    }
}
