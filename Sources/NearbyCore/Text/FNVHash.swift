/// FNV-1a, 64 bits, in hexadecimal: a short name for bytes that is the same in every run and on every machine
/// (Swift's `Hasher` is seeded per process), for file names and cache keys. Not for anything an attacker must
/// not be able to collide: whoever relies on it checks what it names.
public enum FNVHash {
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return String(hash, radix: 16)
    }
}
