@testable import OSMFormats

// OSM XML: a bad document is an OSMImportError, never a crash or another error; reading it through a source
// that hands over a few bytes at a time gives the same elements (and the same error) as reading it whole;
// what is read keeps within the limits, the depth cap among them.

private let limits: OSMReadLimits = {
    var limits = OSMReadLimits()
    limits.wayNodes = 8
    limits.elementTags = 4
    limits.xmlDepth = 16
    return limits
}()

/// The fuzzer's bytes as a file, read at most `step` bytes a call.
private final class MemoryByteSource: ByteSource {
    let bytes: [UInt8]
    let step: Int
    var offset = 0
    var fileOffset: Int { offset }

    init(_ bytes: [UInt8], step: Int) {
        self.bytes = bytes
        self.step = step
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(step, buffer.count, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
        }
        offset += count
        return count
    }
}

private func read(_ bytes: [UInt8], step: Int) -> (elements: [RecordingVisitor.Element], error: OSMImportError?) {
    let visitor = RecordingVisitor()
    let reader = OSMXMLReader(source: MemoryByteSource(bytes, step: step), limits: limits)
    do {
        try reader.read(into: visitor)
    } catch let error as OSMImportError {
        return (visitor.elements, error)
    } catch {
        fuzzCheck(false, "an error that is not an OSMImportError: \(type(of: error)) \(error)")
    }
    visitor.check(limits)
    return (visitor.elements, nil)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func osmXMLFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = Array(fuzzBytes(start, count))
    let whole = read(bytes, step: Int.max)
    let step = 1 + Int(bytes.last ?? 0) % 7
    let pieces = read(bytes, step: step)
    fuzzCheck(whole.error == pieces.error,
              "read whole: \(String(describing: whole.error)); \(step) bytes at a time: \(String(describing: pieces.error))")
    fuzzCheck(whole.elements == pieces.elements, "reading \(step) bytes at a time gives other elements")
    return 0
}
