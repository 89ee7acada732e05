import NearbyCore
import Testing
@testable import NearbyData
@testable import OSMFormats

/// Damage anywhere must give an `OSMImportError`, never a crash, a hang or another error type.
@Suite("Damaged input")
struct DamagedInputTests {
    /// Imports `bytes`; true when the import refused them with an `OSMImportError`, false when it succeeded.
    private func expectImportErrorOrSuccess(_ bytes: [UInt8], name: String, _ note: String) -> Bool {
        do {
            _ = try importBytes(bytes, name: name)
            return false
        } catch is OSMImportError {
            return true
        } catch {
            Issue.record("\(note): unexpected \(type(of: error)): \(error)")
            return false
        }
    }

    @Test("PBF with flipped bytes", arguments: [TestPBF.Compression.none, .zlib])
    func flippedPBF(compression: TestPBF.Compression) {
        var pbf = SampleExtract.pbf
        pbf.compression = compression
        let original = pbf.bytes
        var random = SeededRandom(seed: 42)
        var refused = 0
        for round in 0..<150 {
            var bytes = original
            for _ in 0...(random.next() % 3) {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if expectImportErrorOrSuccess(bytes, name: "x.osm.pbf", "round \(round)") { refused += 1 }
        }
        // Damage that never reaches the decoder would pass without testing it: some rounds must be refused.
        #expect(refused > 0, "no round of damage was refused")
    }

    @Test("PBF cut anywhere but between blocks is truncated, and says so")
    func everyCut() {
        var pbf = SampleExtract.pbf
        pbf.compression = .none
        let encoded = pbf.encode()
        let bytes = encoded.bytes
        // A file cut exactly between two blocks is a shorter valid file: the format cannot tell.
        for cut in stride(from: 16, to: bytes.count, by: 3) where !encoded.blobStarts.contains(cut) {
            let error = importError(Array(bytes[0..<cut]))
            guard case .truncated? = error else {
                Issue.record("cut at \(cut): \(String(describing: error))")
                continue
            }
        }
    }

    @Test("XML with flipped bytes")
    func flippedXML() {
        let original = Array(SampleExtract.xml.utf8)
        var random = SeededRandom(seed: 7)
        var refused = 0
        for round in 0..<150 {
            var bytes = original
            for _ in 0...(random.next() % 3) {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if expectImportErrorOrSuccess(bytes, name: "x.osm", "round \(round)") { refused += 1 }
        }
        #expect(refused > 0, "no round of damage was refused")
    }

    /// A reason that is a sentence of its own ends the message once: "… and its folder.", never "folder..".
    @Test func everyMessageEndsInOneFullStop() {
        let errors: [OSMImportError] = [
            .sink("The store at /s is read-only, so nothing can be saved; check the permissions of the file and its folder."),
            .sink("disk I/O error"), .scratch("cannot write x."), .notOSM(reason: "it holds no <osm> element"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix(".") && !error.description.hasSuffix(".."), "\(error.description)")
        }
    }
}
