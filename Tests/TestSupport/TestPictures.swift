import CZlib
import Glibc

/// Pictures made in the test, so no fixture file is needed: PNGs written here (zlib's deflate and CRC), WebPs
/// through libwebp's own encoder, and hostile variants of both.
public enum TestPictures {
    /// RGBA pixels of a test pattern: a red-to-green ramp across, blue down, opaque; or `pixel` per point.
    public static func pattern(width: Int, height: Int,
                               pixel: ((Int, Int) -> (UInt8, UInt8, UInt8, UInt8))? = nil) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b, a) = pixel?(x, y) ?? (UInt8(255 * x / max(1, width - 1)),
                                                    UInt8(255 - 255 * x / max(1, width - 1)),
                                                    UInt8(255 * y / max(1, height - 1)), 255)
                rgba += [r, g, b, a]
            }
        }
        return rgba
    }

    /// A PNG (8-bit RGBA, no interlace) of `rgba`.
    public static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 4 + 1))
        for y in 0..<height {
            raw.append(0) // filter: none
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        return png(width: UInt32(width), height: UInt32(height), idat: TestCompression.zlib(raw))
    }

    /// A PNG whose header claims `width` × `height` pixels but whose data is a few bytes: what a hostile
    /// server sends to make a decoder allocate gigabytes.
    public static func pngClaiming(width: UInt32, height: UInt32) -> [UInt8] {
        png(width: width, height: height, idat: TestCompression.zlib([0, 0, 0, 0, 0]))
    }

    /// A GIF's first bytes (a picture format Nearby does not read).
    /// A 24 × 16 red JPEG in CMYK, as a print shop's program writes it (Adobe's inverted channels; made with
    /// ImageMagick's `convert -size 24x16 xc:red -colorspace CMYK`).
    public static let cmykJPEG: [UInt8] = hexBytes(
        "ffd8ffee000e41646f626500640000000002ffdb00430002010101010102010101020202020204030202020205040403" +
        "04060506060605060606070908060709070606080b08090a0a0a0a0a06080b0c0b0a0c090a0a0affdb00430102020202" +
        "0202050303050a0706070a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a" +
        "0a0a0a0a0a0a0a0a0a0a0a0affc00014080010001804011100021101031101041100ffc4001600010101000000000000" +
        "00000000000000000809ffc40014100100000000000000000000000000000000ffc40016010101010000000000000000" +
        "000000000000080affc40014110100000000000000000000000000000000ffda000e040100021103110400003f00b315" +
        "633fedfc00000000007fffd9")

    /// `jpeg` with an EXIF segment after its start that says the camera was held in `orientation` (1–8).
    public static func jpeg(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        // "Exif\0\0", a little-endian TIFF header, one directory of one entry: 0x0112, SHORT, 1, the value.
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00,
                             0x01, 0x00, 0x00, 0x00, UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x00]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let size = body.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(size >> 8), UInt8(size & 0xFF)] + body + Array(jpeg.dropFirst(2))
    }

    static func hexBytes(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex), next > index {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    public static let gifHeader: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]

    /// A lossless WebP of `rgba`, made by libwebp; nil where libwebp is missing.
    public static func webp(width: Int, height: Int, rgba: [UInt8]) -> [UInt8]? {
        guard let library = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL) else { return nil }
        defer { dlclose(library) }
        typealias Encode = @convention(c) (UnsafePointer<UInt8>?, Int32, Int32, Int32,
                                           UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int
        typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
        guard let encodeSymbol = dlsym(library, "WebPEncodeLosslessRGBA"),
              let freeSymbol = dlsym(library, "WebPFree") else { return nil }
        let encode = unsafeBitCast(encodeSymbol, to: Encode.self)
        let release = unsafeBitCast(freeSymbol, to: Free.self)
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { encode($0.baseAddress, Int32(width), Int32(height),
                                                         Int32(width * 4), &output) }
        guard size > 0, let output else { return nil }
        defer { release(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    private static func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(width) + bigEndian(height)
        header += [8, 6, 0, 0, 0] // 8 bits, RGBA, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
