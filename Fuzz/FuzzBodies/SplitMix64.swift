/// SplitMix64 (Steele, Lea and Flood, 2014): a small deterministic random number generator, so that
/// a seed replays exactly what a fuzz target mutated or a test drew. The one copy: the libFuzzer
/// targets and both test targets use it from here.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state; the seed to begin with.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// One of `values` (not empty).
    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
