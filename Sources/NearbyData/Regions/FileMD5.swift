import FoundationEssentials
import Glibc

/// The MD5 of a file, by the system's libcrypto (OpenSSL 3, which libcurl brings): download sites publish it
/// beside each extract, and it is no algorithm to write again. Opened at run time like libcurl, so the app
/// starts without it; only a download needs it.
public enum FileMD5 {
    /// The soname of OpenSSL 3's libcrypto.
    static let soname = "libcrypto.so.3"

    public enum Failure: Error, Equatable {
        /// libcrypto is not installed (the detail is for logs).
        case libraryMissing(String)
        /// The file could not be read.
        case unreadable(String)
    }

    private typealias NewContext = @convention(c) () -> OpaquePointer?
    private typealias Algorithm = @convention(c) () -> OpaquePointer?
    private typealias Initialise = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    private typealias Update = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    private typealias Finish = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) -> Int32
    private typealias FreeContext = @convention(c) (OpaquePointer?) -> Void

    /// The file's MD5 as 32 lower-case hex digits, read 1 MB at a time.
    public static func hex(ofFileAt path: String) throws(Failure) -> String {
        guard let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw .libraryMissing(dlerror().map { String(cString: $0) } ?? soname)
        }
        // Like libcurl, kept open once opened: closing a library OpenSSL may have set up is not worth the risk.
        func symbol<T>(_ name: String, as type: T.Type) throws(Failure) -> T {
            guard let pointer = dlsym(library, name) else { throw .libraryMissing("\(soname) has no \(name)") }
            return unsafeBitCast(pointer, to: type)
        }
        let newContext = try symbol("EVP_MD_CTX_new", as: NewContext.self)
        let md5 = try symbol("EVP_md5", as: Algorithm.self)
        let initialise = try symbol("EVP_DigestInit_ex", as: Initialise.self)
        let update = try symbol("EVP_DigestUpdate", as: Update.self)
        let finish = try symbol("EVP_DigestFinal_ex", as: Finish.self)
        let freeContext = try symbol("EVP_MD_CTX_free", as: FreeContext.self)

        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard let context = newContext() else { throw .libraryMissing("no digest context") }
        defer { freeContext(context) }
        guard initialise(context, md5(), nil) == 1 else { throw .libraryMissing("MD5 is not available") }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            guard update(context, buffer.baseAddress, count) == 1 else { throw .libraryMissing("digest update failed") }
        }
        var digest = [UInt8](repeating: 0, count: 64)
        var length: UInt32 = 0
        guard finish(context, &digest, &length) == 1, length == 16 else { throw .libraryMissing("digest failed") }
        let digits = Array("0123456789abcdef")
        return String(digest.prefix(16).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
