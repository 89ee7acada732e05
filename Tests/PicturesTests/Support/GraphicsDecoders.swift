import FoundationEssentials
import Pictures

/// Decoders of the three graphics protocols, written for the tests from the protocols' specifications, so what
/// libchafa writes can be read back into pixels and compared with the picture it was given.
enum GraphicsDecoders {
    /// Kitty: `ESC _ G keys ; base64 ESC \` chunks, each its own base64, the pixels (f=32 RGBA, f=24 RGB)
    /// `s` × `v` large.
    static func kitty(_ bytes: [UInt8]) -> DecodedPicture? {
        var keys: [String: String] = [:]
        var data = Data()
        for body in strings(in: bytes, introducer: UInt8(ascii: "_")) {
            guard body.hasPrefix("G") else { return nil }
            let parts = body.dropFirst().split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2, keys[String(kv[0])] == nil || kv[0] != "m" { keys[String(kv[0])] = String(kv[1]) }
            }
            if parts.count == 2, !parts[1].isEmpty {
                guard let chunk = Data(base64Encoded: String(parts[1])) else { return nil }
                data += chunk
            }
        }
        guard keys["a"] == "T", let width = keys["s"].flatMap(Int.init), let height = keys["v"].flatMap(Int.init)
        else { return nil }
        let channels = keys["f"] == "24" ? 3 : 4
        guard keys["o"] == nil, data.count == width * height * channels else { return nil }
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for index in 0..<(width * height) {
            let at = data.startIndex + index * channels
            rgba += [data[at], data[at + 1], data[at + 2], channels == 4 ? data[at + 3] : 255]
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    /// Sixels: `ESC P … q`, the raster size ("1;1;W;H), colours `#n;2;r;g;b` in percent, six-pixel columns
    /// (`?`–`~`), repeats `!n`, `$` back to the left, `-` down six pixels. Pixels never painted are transparent.
    static func sixel(_ bytes: [UInt8]) -> DecodedPicture? {
        guard let body = strings(in: bytes, introducer: UInt8(ascii: "P")).first,
              let q = body.firstIndex(of: "q") else { return nil }
        let data = Array(body[body.index(after: q)...].utf8)
        var index = 0
        func number() -> Int {
            var value = 0
            while index < data.count, (48...57).contains(data[index]) {
                value = value * 10 + Int(data[index] - 48)
                index += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while index < data.count, data[index] == UInt8(ascii: ";") {
                index += 1
                values.append(number())
            }
            return values
        }
        guard data.first == UInt8(ascii: "\"") else { return nil }
        index = 1
        let raster = numbers()
        guard raster.count == 4, raster[2] > 0, raster[3] > 0 else { return nil }
        let (width, height) = (raster[2], raster[3])
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
        var colour = (UInt8(0), UInt8(0), UInt8(0))
        var (x, y) = (0, 0)
        func paint(_ sixel: UInt8, times: Int) {
            for _ in 0..<times {
                for bit in 0..<6 where sixel & (1 << bit) != 0 && x < width && y + bit < height {
                    let at = ((y + bit) * width + x) * 4
                    rgba[at] = colour.0
                    rgba[at + 1] = colour.1
                    rgba[at + 2] = colour.2
                    rgba[at + 3] = 255
                }
                x += 1
            }
        }
        while index < data.count {
            let byte = data[index]
            switch byte {
            case UInt8(ascii: "#"):
                index += 1
                let values = numbers()
                if values.count == 5, values[1] == 2 {
                    func scale(_ percent: Int) -> UInt8 { UInt8(min(255, (percent * 255 + 50) / 100)) }
                    palette[values[0]] = (scale(values[2]), scale(values[3]), scale(values[4]))
                }
                colour = palette[values[0]] ?? (0, 0, 0)
            case UInt8(ascii: "!"):
                index += 1
                let times = number()
                guard index < data.count else { return nil }
                paint(data[index] &- 63, times: times)
                index += 1
            case UInt8(ascii: "$"):
                x = 0
                index += 1
            case UInt8(ascii: "-"):
                (x, y) = (0, y + 6)
                index += 1
            case 63...126:
                paint(byte - 63, times: 1)
                index += 1
            default:
                index += 1
            }
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    /// iTerm2: `ESC ] 1337 ; File=inline=1;…: base64 BEL`, the file an uncompressed TIFF (as libchafa writes it):
    /// its first directory's width, height, samples per pixel and strips.
    static func iterm2(_ bytes: [UInt8]) -> DecodedPicture? {
        guard let body = strings(in: bytes, introducer: UInt8(ascii: "]")).first,
              body.hasPrefix("1337;File="), let colon = body.firstIndex(of: ":"),
              let data = Data(base64Encoded: String(body[body.index(after: colon)...])) else { return nil }
        let tiff = [UInt8](data)
        guard tiff.count > 8, tiff[0] == UInt8(ascii: "I"), tiff[1] == UInt8(ascii: "I") else { return nil }
        func u16(_ at: Int) -> Int { Int(tiff[at]) | Int(tiff[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let directory = u32(4)
        guard directory + 2 <= tiff.count else { return nil }
        var fields: [Int: (type: Int, count: Int, at: Int)] = [:]
        for entry in 0..<u16(directory) {
            let at = directory + 2 + entry * 12
            guard at + 12 <= tiff.count else { return nil }
            fields[u16(at)] = (u16(at + 2), u32(at + 4), at + 8)
        }
        func value(_ tag: Int) -> Int? {
            guard let field = fields[tag] else { return nil }
            return field.type == 3 ? u16(field.at) : u32(field.at)
        }
        /// Every value of a field (the strips' offsets), inline or where the field points.
        func values(_ tag: Int) -> [Int] {
            guard let field = fields[tag] else { return [] }
            let size = field.type == 3 ? 2 : 4
            let start = field.count * size <= 4 ? field.at : u32(field.at)
            return (0..<field.count).map { size == 2 ? u16(start + $0 * 2) : u32(start + $0 * 4) }
        }
        guard let width = value(256), let height = value(257), value(259) ?? 1 == 1, width > 0, height > 0
        else { return nil }
        let samples = value(277) ?? 1
        guard samples == 3 || samples == 4 else { return nil }
        var pixels: [UInt8] = []
        for (offset, count) in zip(values(273), values(279)) where offset + count <= tiff.count {
            pixels += tiff[offset..<(offset + count)]
        }
        guard pixels.count >= width * height * samples else { return nil }
        var rgba: [UInt8] = []
        for index in 0..<(width * height) {
            let at = index * samples
            rgba += [pixels[at], pixels[at + 1], pixels[at + 2], samples == 4 ? pixels[at + 3] : 255]
        }
        return DecodedPicture(width: width, height: height, rgba: rgba)
    }

    /// The bodies of the string sequences `ESC introducer … ST` (or BEL) in `bytes`.
    static func strings(in bytes: [UInt8], introducer: UInt8) -> [String] {
        var found: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == introducer else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, bytes[end] != 0x07, !(bytes[end] == 0x1B && end + 1 < bytes.count
                                                             && bytes[end + 1] == UInt8(ascii: "\\")) {
                end += 1
            }
            found.append(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
            index = end + 1
        }
        return found
    }
}
