#if canImport(Glibc)
import Glibc
#endif

// The service's request-head check (`RequestHeadScan`, compiled in from Service/Sources/NearbyServer): fed in pieces of
// any size it gives the same verdict at the same byte as fed whole, and the same as a plain byte-by-byte reading
// of the limits; it never lets more than one head's worth of bytes pile up before it decides.
//
// The first byte chooses the limits (small ones, so the fuzzer reaches each of them, or the service's) and the
// piece size; the rest is what a client sends.

/// Limits small enough that a short input crosses every one of them.
private let smallLimits: HTTPLimits = {
    var limits = HTTPLimits()
    limits.requestLine = 24
    limits.headerLine = 16
    limits.allHeaders = 48
    limits.headerCount = 4
    return limits
}()

/// The verdict and the index in the whole input where it was reached (the byte after the head, or the end of
/// the piece in which the head was refused or where the input ran out).
private struct Outcome: Equatable {
    var verdict: RequestHeadScan.Verdict
    var at: Int

    /// The same verdict at the same byte; two refusals agree on their status (when one piece crosses two
    /// limits at once, which is named first depends on the piece size).
    func agrees(with other: Outcome) -> Bool {
        if case .refused(let mine) = verdict, case .refused(let theirs) = other.verdict {
            return mine.status == theirs.status
        }
        return self == other
    }
}

private func scanInPieces(_ input: UnsafeRawBufferPointer, size: Int, limits: HTTPLimits) -> Outcome {
    var scan = RequestHeadScan()
    var start = 0
    while start < input.count {
        let end = min(start + size, input.count)
        let piece = UnsafeRawBufferPointer(rebasing: input[start..<end])
        switch scan.scan(piece, limits: limits) {
        case .incomplete: break
        case .complete(let bodyStart): return Outcome(verdict: .complete(bodyStart: start + bodyStart), at: start + bodyStart)
        case .refused(let refusal):
            // A refusal may come at the end of the piece that crossed the limit: for comparing, only the
            // reason counts, and where the offending line began.
            return Outcome(verdict: .refused(refusal), at: -1)
        }
        start = end
    }
    return Outcome(verdict: .incomplete, at: input.count)
}

/// The limits read the plain way: one byte at a time, every line's length measured without its CR LF.
private func reference(_ input: UnsafeRawBufferPointer, limits: HTTPLimits) -> Outcome {
    var lines: [Int] = []      // lengths of complete non-empty lines, the request line first
    var leading = 0            // bytes of empty lines before the request line
    var current: [UInt8] = []
    func length(_ bytes: [UInt8]) -> Int { bytes.last == 0x0D ? bytes.count - 1 : bytes.count }
    func refusal(partial: Int?) -> HeadRefusal? {
        let all = lines + (partial.map { [$0] } ?? [])
        guard let first = all.first else { return nil }
        if first + leading > limits.requestLine { return .requestLineTooLong }
        var total = 0
        for (index, line) in all.enumerated().dropFirst() {
            if line > limits.headerLine { return .headerLineTooLong }
            total += line
            if total > limits.allHeaders { return .headersTooLarge }
            if index > limits.headerCount, partial == nil || index < all.count - 1 { return .tooManyHeaders }
        }
        return nil
    }
    for index in 0..<input.count {
        let byte = input[index]
        if byte != 0x0A {
            current.append(byte)
            if let refused = refusal(partial: length(current)) { return Outcome(verdict: .refused(refused), at: -1) }
            continue
        }
        let count = length(current)
        if count == 0 {
            if lines.isEmpty {
                leading += current.count + 1
                if let refused = refusal(partial: 0) { return Outcome(verdict: .refused(refused), at: -1) }
                current = []
                continue
            }
            return Outcome(verdict: .complete(bodyStart: index + 1), at: index + 1)
        }
        lines.append(count)
        current = []
        if let refused = refusal(partial: nil) { return Outcome(verdict: .refused(refused), at: -1) }
    }
    return Outcome(verdict: .incomplete, at: input.count)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func requestHeadFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = fuzzBytes(start, count)
    guard let control = data.first else { return 0 }
    let input = UnsafeRawBufferPointer(rebasing: data.dropFirst())
    let limits = control & 1 == 0 ? smallLimits : HTTPLimits()
    let pieceSize = Int(control >> 1) % 17 + 1

    let whole = scanInPieces(input, size: max(input.count, 1), limits: limits)
    let pieces = scanInPieces(input, size: pieceSize, limits: limits)
    let plain = reference(input, limits: limits)
    fuzzCheck(whole.agrees(with: pieces), "fed whole: \(whole); in pieces of \(pieceSize): \(pieces)")
    fuzzCheck(whole.agrees(with: plain), "fed whole: \(whole); read byte by byte: \(plain)")

    // Bytes held before a verdict: a request line, the headers and the line ends, never more.
    let bound = limits.requestLine + limits.allHeaders + 2 * (limits.headerCount + 2)
    if case .incomplete = whole.verdict {
        fuzzCheck(input.count <= bound, "\(input.count) bytes read and still no verdict (a head is at most \(bound))")
    }
    if case .complete(let bodyStart) = whole.verdict {
        fuzzCheck(bodyStart <= bound, "a head of \(bodyStart) bytes was let through (at most \(bound))")
    }
    if case .refused(let refusal) = whole.verdict {
        fuzzCheck([414, 431].contains(refusal.status), "a head refused with status \(refusal.status)")
    }
    return 0
}
