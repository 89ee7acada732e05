#if canImport(Glibc)
import Glibc
#endif

/// Whether this test process was built with a sanitizer (`swift test --sanitize=…`, `scripts/sanitize`), so
/// were the binaries it starts: their runtime reserves terabytes of shadow address space, which no address-space
/// limit holds, and changes every cost a resource bound measures.
public enum SanitizerBuild {
    /// "thread" or "address" when a sanitizer's runtime is linked into this process, else nil.
    public static let name: String? = {
        // RTLD_DEFAULT: the whole process. The runtimes export their entry points for their interceptors.
        if dlsym(nil, "__tsan_init") != nil { return "thread" }
        if dlsym(nil, "__asan_init") != nil { return "address" }
        return nil
    }()
}
