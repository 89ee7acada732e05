import CZlib

/// Why zlib could not inflate some data.
struct InflateError: Error, Hashable {
    let reason: String
    /// True when the compressed data simply stopped early.
    let truncated: Bool
}

/// zlib's inflate on a stream that stays at one address (zlib keeps a pointer back to it).
final class ZlibInflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// `windowBits` 15 reads zlib data; 15 + 32 also recognises gzip.
    init(windowBits: Int32) throws {
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw InflateError(reason: "zlib could not start (\(status))", truncated: false)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// What one `inflate(…)` call did.
    struct Step {
        var consumed: Int
        var produced: Int
        var streamEnded: Bool
    }

    /// Inflates as much of `input` into `output` as fits.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws -> Step {
        guard let outBase = output.baseAddress, output.count > 0 else { return Step(consumed: 0, produced: 0, streamEnded: false) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = outBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        let step = Step(consumed: input.count - Int(stream.pointee.avail_in),
                        produced: output.count - Int(stream.pointee.avail_out),
                        streamEnded: status == Z_STREAM_END)
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        case Z_NEED_DICT:
            throw InflateError(reason: "the compressed data asks for a preset dictionary", truncated: false)
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "code \(status)"
            throw InflateError(reason: "the compressed data is invalid (\(message))", truncated: false)
        }
    }

    /// Starts a new stream (the next member of a multi-member gzip file).
    func reset() {
        inflateReset(stream)
    }

    /// Inflates one whole zlib buffer into `output`, which must be exactly the size it announces (a PBF blob).
    func inflateWhole(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws {
        let expectedSize = output.count
        let step = try inflate(input, into: output)
        guard step.streamEnded else {
            if step.produced < expectedSize && step.consumed == input.count {
                throw InflateError(reason: "the compressed block ends early", truncated: false)
            }
            throw InflateError(reason: "the block inflates to more than the \(expectedSize) bytes it announces",
                               truncated: false)
        }
        guard step.produced == expectedSize else {
            throw InflateError(reason: "the block inflates to \(step.produced) bytes, not the \(expectedSize) it announces",
                               truncated: false)
        }
    }
}

/// The plain-words reason of a decoding error, for wrapping into an `OSMImportError`.
func decodingReason(_ error: any Error) -> String {
    switch error {
    case let error as ProtobufError: error.reason
    case let error as InflateError: error.reason
    default: String(describing: error)
    }
}
