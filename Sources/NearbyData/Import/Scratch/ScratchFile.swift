import OSMFormats
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

    /// Opens the file at `path` to read it (an extract's base, kept from its import).
    init(reading path: String) throws(OSMImportError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("cannot open", path) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The file's size in bytes.
    var size: Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
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

    /// Reads `count` bytes into the start of `array` at `offset`; returns the bytes read.
    func read(into array: inout [UInt8], at offset: Int, count: Int) throws(OSMImportError) -> Int {
        try array.withUnsafeMutableBytes { raw in
            Result { () throws(OSMImportError) in
                try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count]), at: offset)
            }
        }.get()
    }

    /// Reads into the whole of `array` at `offset`; returns the bytes read (fewer only at the end of the file).
    func read<T: BitwiseCopyable>(into array: inout [T], at offset: Int) throws(OSMImportError) -> Int {
        // Array's closures rethrow untyped errors: the typed one comes back through a Result.
        try array.withUnsafeMutableBytes { raw in
            Result { () throws(OSMImportError) in try read(into: raw, at: offset) }
        }.get()
    }

    private static func failure(_ what: String, _ path: String) -> OSMImportError {
        .scratch("\(what) the import's temporary file \(path): \(String(cString: strerror(errno)))")
    }
}

/// Appends to a scratch file through a buffer (raw memory: an array's checks cost more than the copying when
/// records are written a field at a time, hundreds of millions of them).
final class ScratchWriter {
    let file: ScratchFile
    private let buffer: UnsafeMutableRawPointer
    private let capacity: Int
    private var used = 0
    /// Bytes written so far, buffered ones included.
    private(set) var offset = 0

    init(_ file: ScratchFile, bufferSize: Int = 1 << 18) {
        self.file = file
        capacity = max(bufferSize, 64)
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    @inline(__always)
    func append<T: BitwiseCopyable>(_ value: T) throws(OSMImportError) {
        let size = MemoryLayout<T>.size
        if used + size > capacity { try flush() }
        buffer.storeBytes(of: value, toByteOffset: used, as: T.self)
        used += size
        offset += size
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(OSMImportError) {
        if used + bytes.count > capacity { try flush() }
        if bytes.count > capacity {
            try file.write(bytes, at: offset)
        } else if let source = bytes.baseAddress {
            (buffer + used).copyMemory(from: source, byteCount: bytes.count)
            used += bytes.count
        }
        offset += bytes.count
    }

    func append(contentsOf bytes: [UInt8]) throws(OSMImportError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(OSMImportError) in try append(raw) } }.get()
    }

    func flush() throws(OSMImportError) {
        guard used > 0 else { return }
        try file.write(UnsafeRawBufferPointer(start: buffer, count: used), at: offset - used)
        used = 0
    }
}

/// Reads a scratch file in order, through a buffer of raw memory.
final class ScratchReader {
    let file: ScratchFile
    private let buffer: UnsafeMutableRawPointer
    private let capacity: Int
    private var start = 0
    private var end = 0
    private var fileOffset: Int
    private let limit: Int

    /// Reads `file` from `offset` up to `limit` (its end by default).
    init(_ file: ScratchFile, from offset: Int = 0, upTo limit: Int = .max, bufferSize: Int = 1 << 16) {
        self.file = file
        capacity = max(bufferSize, 64)
        buffer = .allocate(byteCount: capacity, alignment: 16)
        fileOffset = offset
        self.limit = limit
    }

    deinit {
        buffer.deallocate()
    }

    /// The next value, or nil at the end of the file (a value cut short there is damage).
    @inline(__always)
    func read<T: BitwiseCopyable>(_ type: T.Type) throws(OSMImportError) -> T? {
        let size = MemoryLayout<T>.size
        if end - start < size {
            try refill()
            if start == end { return nil }
            guard end - start >= size else { throw cutShort }
        }
        let value = buffer.loadUnaligned(fromByteOffset: start, as: T.self)
        start += size
        return value
    }

    /// Reads exactly `count` bytes into `bytes` (replacing what it held), or throws.
    func read(_ count: Int, into bytes: inout [UInt8]) throws(OSMImportError) {
        bytes.removeAll(keepingCapacity: true)
        while bytes.count < count {
            if start == end {
                try refill()
                guard start < end else { throw cutShort }
            }
            let take = min(end - start, count - bytes.count)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer + start, count: take))
            start += take
        }
    }

    private var cutShort: OSMImportError {
        .scratch("the import's temporary file \(file.path) ends inside a record")
    }

    /// Moves what is left of the buffer to its front and reads more after it.
    private func refill() throws(OSMImportError) {
        let left = end - start
        if left > 0, start > 0 { buffer.copyMemory(from: buffer + start, byteCount: left) }
        start = 0
        end = left
        let wanted = min(capacity - left, limit - fileOffset)
        guard wanted > 0 else { return }
        let count = try file.read(into: UnsafeMutableRawBufferPointer(start: buffer + left, count: wanted),
                                  at: fileOffset)
        fileOffset += count
        end += count
    }
}
