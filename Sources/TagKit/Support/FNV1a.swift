/// FNV-1a, 64 bits: how tagproj tells states, subsets and names apart (a thumbnail's or the
/// editor's state's digest, a font subset's, a fallback memo's file name). Not a defence: what
/// it keys is checked whatever its digest says.
public enum FNV1a {
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
