import ArgumentParser
import FoundationEssentials
import Glibc
import NearbyCore
import Pictures

/// `nearby-bench pictures`: what a friend's photo costs on its way to the screen, with the system's libraries:
/// keeping a camera's picture as the store's JPEG (once, at import), decoding the stored JPEG (opening a
/// detail whose photo is not held), and drawing it in cells (every size asked). Prints the median of several
/// rounds; the picture is made here (a 4000 × 3000 JPEG of smooth shapes and noise, like a photo).
struct BenchPicturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pictures",
        abstract: "Benchmark decoding, scaling and drawing a photo.")

    @Option(parsing: .unconditional, help: "Rounds; the median is printed.")
    var rounds = 7

    @Option(parsing: .unconditional, help: "The box the photo is drawn in, COLUMNSxROWS.")
    var box = "28x14"

    func validate() throws {
        if rounds < 1 { throw ValidationError("--rounds wants a whole number of at least 1, not \(rounds).") }
        if boxSize == nil { throw ValidationError("--box wants COLUMNSxROWS such as 28x14, not \(box).") }
    }

    private var boxSize: (columns: Int, rows: Int)? {
        let parts = box.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...500).contains($0) }) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        guard let (columns, rows) = boxSize else { return }
        let camera = try PictureCodec.jpeg(Self.photo(width: 4000, height: 3000), quality: 90)
        let stored = try StoredPhoto.prepare(camera)
        let decoded = try PictureCodec.decode(stored)
        print("camera JPEG \(camera.count / 1000) kB, stored JPEG \(stored.count / 1000) kB "
              + "(\(decoded.width) × \(decoded.height)), box \(columns) × \(rows) cells")
        var failures = 0
        let prepare = median((0..<rounds).map { _ in time { if (try? StoredPhoto.prepare(camera)) == nil { failures += 1 } } })
        let decode = median((0..<rounds).map { _ in time { if (try? PictureCodec.decode(stored)) == nil { failures += 1 } } })
        let fit = try PictureGrid.cells(forWidth: decoded.width, height: decoded.height, within: columns, rows: rows)
        let draw = median((0..<rounds).map { _ in
            time { if (try? PictureGrid.draw(decoded, columns: fit.columns, rows: fit.rows)) == nil { failures += 1 } }
        })
        guard failures == 0 else { throw BenchFailure("\(failures) of the rounds failed") }
        for (what, seconds) in [("import: camera picture to the stored JPEG", prepare),
                                ("detail, photo not held: decode the stored JPEG", decode),
                                ("detail: draw it in cells (libchafa)", draw),
                                ("detail, photo not held: decode and draw", decode + draw)] {
            print(NumberText.leftAligned(what, width: 50)
                  + NumberText.rightAligned(NumberText.fixed(seconds * 1e3, digits: 2), width: 9) + " ms")
        }
    }

    /// A photo-like picture: a sky, a sun and hills in smooth gradients, with a little noise.
    static func photo(width: Int, height: Int) -> DecodedPicture {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for y in 0..<height {
            for x in 0..<width {
                seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
                let noise = Int(seed & 15) - 8
                let hill = Double(height) * (0.6 + 0.1 * sin(Double(x) / Double(width) * 9))
                let sunX = x - width * 7 / 10, sunY = y - height / 4
                var colour: (Int, Int, Int)
                if sunX * sunX + sunY * sunY < (height / 10) * (height / 10) {
                    colour = (250, 220, 80)
                } else if Double(y) > hill {
                    colour = (40, 120 + 60 * y / height, 50)
                } else {
                    colour = (90 + 80 * y / height, 150 + 60 * y / height, 230)
                }
                let at = (y * width + x) * 4
                rgba[at] = UInt8(clamping: colour.0 + noise)
                rgba[at + 1] = UInt8(clamping: colour.1 + noise)
                rgba[at + 2] = UInt8(clamping: colour.2 + noise)
            }
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    private func time(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
