import CZlib

/// zlib and gzip compression for fixtures.
public enum TestCompression {
    public static func zlib(_ input: [UInt8], level: Int32 = Z_BEST_SPEED) -> [UInt8] {
        deflate(input, windowBits: 15, level: level)
    }

    public static func gzip(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15 + 16)
    }

    /// Inflates zlib data that inflates to `size` bytes (a PBF blob says how many).
    public static func inflate(_ input: [UInt8], size: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size)
        var input = input
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        return status == Z_STREAM_END ? output : nil
    }

    private static func deflate(_ input: [UInt8], windowBits: Int32, level: Int32 = Z_BEST_SPEED) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                let result = CZlib.deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "deflate did not finish")
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }
}

/// gzip written a piece at a time, for fixtures far larger than anyone wants in memory at once.
public final class GzipStream {
    private var stream = z_stream()
    private var finished = false
    /// The compressed bytes so far.
    public private(set) var output: [UInt8] = []

    public init(level: Int32 = Z_BEST_COMPRESSION) {
        let status = deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "deflateInit2 failed")
    }

    deinit {
        deflateEnd(&stream)
    }

    /// Compresses `bytes`, `times` times over.
    public func write(_ bytes: [UInt8], times: Int = 1) {
        for _ in 0..<times { run(bytes, flush: Z_NO_FLUSH) }
    }

    /// Ends the stream and returns the whole gzip file.
    public func finish() -> [UInt8] {
        if !finished {
            run([], flush: Z_FINISH)
            finished = true
        }
        return output
    }

    private func run(_ bytes: [UInt8], flush: Int32) {
        var input = bytes
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { outBuffer -> Int in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    _ = deflate(&stream, flush)
                    return outBuffer.count - Int(stream.avail_out)
                }
                output += chunk[0..<produced]
            } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
        }
    }
}
