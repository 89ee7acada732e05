/// Numbers written with a fixed count of decimals ("47.14100", "-0.5"), as `%.Nf` would write them, without
/// Foundation's `String(format:)`.
public enum DecimalText {
    /// `value` rounded to `decimals` places (0 to 9), with that many digits after the point.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = min(max(decimals, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond what an Int64 holds, the digits are not worth fixing.
        guard abs(scaled) < 9e18 else { return String(value) }
        let integer = Int64(scaled)
        let magnitude = integer.magnitude
        let divisor = UInt64(scale)
        let sign = integer < 0 ? "-" : ""
        guard places > 0 else { return "\(sign)\(magnitude)" }
        let fraction = String(magnitude % divisor)
        return "\(sign)\(magnitude / divisor).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
    }
}
