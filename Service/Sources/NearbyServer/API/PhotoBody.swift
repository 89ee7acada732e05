/// What a photo's bytes say they are, by their first bytes (never by a header a client sent): the service keeps
/// and serves JPEG, PNG and WebP pictures only, as the app's decoders read them.
enum PhotoBody {
    /// A photo is sent in the form the app keeps (a JPEG of at most 512 pixels, tens of kilobytes); a megabyte
    /// leaves room for any picture a client sends as it is.
    static let limit = 1024 * 1024

    static func contentType(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }
}
