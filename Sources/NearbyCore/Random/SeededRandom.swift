import Glibc

/// A seeded random source (a 64-bit permuted congruential generator): the same seed gives the same data on
/// every machine and every run, unlike the system generator. The demo town and the benchmark data use it.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    private static let multiplier: UInt64 = 6_364_136_223_846_793_005
    private static let increment: UInt64 = 1_442_695_040_888_963_407

    public init(seed: UInt64) {
        state = seed &+ Self.increment
        _ = next()
    }

    /// The next 64 random bits (two 32-bit PCG outputs).
    public mutating func next() -> UInt64 {
        (UInt64(next32()) << 32) | UInt64(next32())
    }

    /// Uniform in 0..<1.
    public mutating func unit() -> Double {
        Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Uniform in 0..<bound (bound > 0).
    public mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ values: [T]) -> T {
        values[int(below: values.count)]
    }

    /// Standard normal (Box–Muller; one of the pair is enough here).
    public mutating func gaussian() -> Double {
        let u = max(unit(), 1e-300)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * unit())
    }

    private mutating func next32() -> UInt32 {
        let old = state
        state = old &* Self.multiplier &+ Self.increment
        let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return (shifted >> rotation) | (shifted << ((~rotation &+ 1) & 31))
    }
}
