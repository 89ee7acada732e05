import Glibc

/// A temporary file of an import, written and read through buffers of its own (not mapped: mapped pages
/// would count as the import's memory). Closed when released.
final class ScratchFile {
    let path: String
    private let descriptor: Int32

    /// Creates (or empties) the file at `path`.
    init(creating path: String) throws(OSMImportError) {
        self.path = path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("cannot create", path) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Removes the file from its folder (it stays readable while open).
    func remove() {
        unlink(path)
    }

    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(OSMImportError) {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return }
            let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Self.failure("cannot write", path) }
            done += written
        }
    }

    /// Reads up to `bytes.count` bytes at `offset`; fewer only at the end of the file.
    func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) throws(OSMImportError) -> Int {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return 0 }
            let count = pread(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure("cannot read", path) }
            if count == 0 { break }
            done += count
        }
        return done
    }

    private static func failure(_ what: String, _ path: String) -> OSMImportError {
        .scratch("\(what) the import's temporary file \(path): \(String(cString: strerror(errno)))")
    }
}

/// Appends to a scratch file through a buffer.
final class ScratchWriter {
    let file: ScratchFile
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Bytes written so far, buffered ones included.
    private(set) var offset = 0

    init(_ file: ScratchFile, bufferSize: Int = 1 << 18) {
        self.file = file
        capacity = bufferSize
        buffer.reserveCapacity(bufferSize)
    }

    func append<T: BitwiseCopyable>(_ value: T) throws(OSMImportError) {
        try withUnsafeBytes(of: value) { (bytes) throws(OSMImportError) in try append(bytes) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(OSMImportError) {
        if buffer.count + bytes.count > capacity { try flush() }
        if bytes.count > capacity {
            try file.write(bytes, at: offset)
        } else {
            buffer.append(contentsOf: bytes)
        }
        offset += bytes.count
    }

    func flush() throws(OSMImportError) {
        guard !buffer.isEmpty else { return }
        let start = offset - buffer.count
        // Array's closures rethrow untyped errors: the typed one comes back through a Result.
        try buffer.withUnsafeBytes { bytes in
            Result { () throws(OSMImportError) in try file.write(bytes, at: start) }
        }.get()
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Reads a scratch file in order, through a buffer.
final class ScratchReader {
    let file: ScratchFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var fileOffset: Int
    private let limit: Int

    /// Reads `file` from `offset` up to `limit` (its end by default).
    init(_ file: ScratchFile, from offset: Int = 0, upTo limit: Int = .max, bufferSize: Int = 1 << 16) {
        self.file = file
        buffer = [UInt8](repeating: 0, count: max(bufferSize, 64))
        fileOffset = offset
        self.limit = limit
    }

    /// The next value, or nil at the end of the file (a value cut short there is damage).
    func read<T: BitwiseCopyable>(_ type: T.Type) throws(OSMImportError) -> T? {
        let size = MemoryLayout<T>.size
        if end - start < size {
            try refill()
            if start == end { return nil }
            guard end - start >= size else { throw cutShort }
        }
        let value = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: T.self) }
        start += size
        return value
    }

    /// Reads exactly `count` bytes into `bytes` (from its start), or throws.
    func read(_ count: Int, into bytes: inout [UInt8]) throws(OSMImportError) {
        bytes.removeAll(keepingCapacity: true)
        while bytes.count < count {
            if start == end {
                try refill()
                guard start < end else { throw cutShort }
            }
            let take = min(end - start, count - bytes.count)
            bytes.append(contentsOf: buffer[start..<(start + take)])
            start += take
        }
    }

    private var cutShort: OSMImportError {
        .scratch("the import's temporary file \(file.path) ends inside a record")
    }

    /// Moves what is left of the buffer to its front and reads more after it.
    private func refill() throws(OSMImportError) {
        let left = end - start
        if left > 0, start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                (base).copyMemory(from: base + start, byteCount: left)
            }
        }
        start = 0
        end = left
        let wanted = min(buffer.count - left, limit - fileOffset)
        guard wanted > 0 else { return }
        let file = self.file, at = fileOffset, filled = left
        let count = try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(OSMImportError) in
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled..<(filled + wanted)]), at: at)
            }
        }.get()
        fileOffset += count
        end += count
    }
}
