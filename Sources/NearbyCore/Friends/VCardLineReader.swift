import FoundationEssentials
import Glibc

/// Cuts vCard bytes, fed in chunks of any size, into unfolded logical lines with the number of the line
/// each began on. A line that folds continues on lines starting with a space or a tab (CRLF or LF endings).
struct VCardLineReader {
    /// Bytes kept of one logical line; the rest is dropped and the line marked truncated, so a file without
    /// line breaks cannot take all memory. Large enough for any field a friend has, photos aside.
    static let maxLineBytes = 256 * 1024
    /// The same for a `PHOTO` line: a camera's picture in base64 is megabytes; more than this is no contact photo.
    static let maxPhotoLineBytes = 8 * 1024 * 1024

    private var current: [UInt8] = []
    private var currentNumber = 0
    private var currentTruncated = false
    /// Whether the current line is a `PHOTO` (asked only once it outgrows `maxLineBytes`), and may grow more.
    private var currentIsPhoto: Bool?
    private var physicalNumber = 0
    private var atLineStart = true

    /// Reads a chunk, calling `emit(bytes, lineNumber, truncated)` for each logical line it completes.
    mutating func read(_ chunk: UnsafeRawBufferPointer, emit: ([UInt8], Int, Bool) -> Void) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        var index = 0
        while index < count {
            if atLineStart {
                atLineStart = false
                physicalNumber += 1
                let first = chunk[index]
                if (first == 0x20 || first == 0x09) && !current.isEmpty {
                    index += 1
                    continue
                }
                flush(emit: emit)
                currentNumber = physicalNumber
            }
            let rest = count - index
            let end: Int
            if let found = memchr(base + index, 0x0A, rest) {
                end = base.distance(to: UnsafeRawPointer(found))
            } else {
                end = count
            }
            append(UnsafeRawBufferPointer(rebasing: chunk[index..<end]))
            if end < count {
                if current.last == 0x0D { current.removeLast() }
                atLineStart = true
                index = end + 1
            } else {
                index = count
            }
        }
    }

    /// Emits the last line, once the input has ended.
    mutating func finish(emit: ([UInt8], Int, Bool) -> Void) {
        if current.last == 0x0D { current.removeLast() }
        flush(emit: emit)
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        var limit = Self.maxLineBytes
        if current.count + bytes.count > limit {
            if currentIsPhoto == nil {
                let head = current.count >= 64 ? Array(current.prefix(64)) : current + Array(bytes.prefix(64))
                currentIsPhoto = VCardContentLine.propertyName(of: head)?.name == "PHOTO"
            }
            if currentIsPhoto == true { limit = Self.maxPhotoLineBytes }
        }
        let room = limit - current.count
        if bytes.count <= room {
            current.append(contentsOf: bytes)
        } else {
            if room > 0 { current.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<room])) }
            currentTruncated = true
        }
    }

    private mutating func flush(emit: ([UInt8], Int, Bool) -> Void) {
        if !current.isEmpty { emit(current, currentNumber, currentTruncated) }
        // A photo's megabytes are not kept for the lines after it.
        if current.count > Self.maxLineBytes {
            current = []
        } else {
            current.removeAll(keepingCapacity: true)
        }
        currentTruncated = false
        currentIsPhoto = nil
    }
}
