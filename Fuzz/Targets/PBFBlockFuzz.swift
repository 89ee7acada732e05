@testable import OSMFormats

// One PBF PrimitiveBlock (string table, node groups, dense nodes, ways), as the reader hands it to the decoder
// after inflating a blob: a bad block is an OSMImportError naming where, never a crash or another error, and
// what is decoded keeps within the tag and way-length limits. Small limits, so the fuzzer reaches them.

private let limits: OSMReadLimits = {
    var limits = OSMReadLimits()
    limits.wayNodes = 8
    limits.elementTags = 4
    return limits
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func pbfBlockFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let visitor = RecordingVisitor()
    var decoder = PrimitiveBlockDecoder(visitor: visitor, limits: limits, elements: 0, nodes: 0)
    do {
        try decoder.decode(fuzzBytes(start, count), blobOffset: 1234)
    } catch let error as OSMImportError {
        fuzzCheck(error.location == .byte(1234), "a block error points elsewhere: \(error)")
    } catch {
        fuzzCheck(false, "an error that is not an OSMImportError: \(type(of: error)) \(error)")
    }
    fuzzCheck(decoder.elements >= 0 && decoder.nodes <= decoder.elements,
              "counted \(decoder.nodes) nodes among \(decoder.elements) elements")
    visitor.check(limits)
    return 0
}
