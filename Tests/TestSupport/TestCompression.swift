import CZlib

/// zlib and gzip compression for fixtures.
public enum TestCompression {
    public static func zlib(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15)
    }

    public static func gzip(_ input: [UInt8]) -> [UInt8] {
        deflate(input, windowBits: 15 + 16)
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
