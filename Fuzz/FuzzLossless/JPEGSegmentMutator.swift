/// A structure-aware mutator for `FuzzLossless`: libFuzzer calls `LLVMFuzzerCustomMutator`, when
/// a target defines it, instead of its own byte-level mutations.
///
/// Byte flips rarely get past libjpeg's header reader: a DHT whose counts do not add up to the
/// segment's length, or any segment whose length no longer matches, is refused before the
/// lossless path sees it. This mutator splits the JPEG into its marker segments and rewrites one
/// segment's contents, with the segment's length written again to fit: DHT (code counts moved,
/// raised or lowered with the symbol list grown or cut to match, symbols, table class and number),
/// DQT (values, precision, table number), SOF (dimensions, sampling factors, component count and
/// ids, quantization tables, precision), SOS (component selectors, table numbers, Ss, Se, Ah, Al,
/// component count) and DRI (the interval; one is inserted before the first SOS if there is
/// none). Other segments get libFuzzer's byte mutations inside them, their length kept. About a
/// quarter of the time libFuzzer's own mutations (`LLVMFuzzerMutate`) go to the entropy-coded
/// data, and now and then to the whole file, so the structure itself is broken as well. Inputs
/// that are not a JPEG (the decode corpus has PNGs) go to `LLVMFuzzerMutate` whole.

import FuzzBodies

/// libFuzzer's own mutations, for calling from a custom mutator (FuzzerInterface.h).
@_silgen_name("LLVMFuzzerMutate")
func llvmFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzLosslessMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    // SplitMix64 (FuzzBodies), so that libFuzzer's seed reproduces a mutation.
    var random = SplitMix64(state: UInt64(seed))
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let segments = JPEGSegment.split(input), random.below(16) != 0,
          let output = JPEGSegmentMutator(input: input, segments: segments, maxSize: maxSize).mutate(&random),
          output.count <= maxSize, output != input
    else { return llvmFuzzerMutate(data, size, maxSize) }
    output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return output.count
}

/// One marker segment of a JPEG: where its 0xFF is, its marker, and its payload (after the
/// length field) for the markers that have one; `entropy` is the coded data that follows an SOS.
struct JPEGSegment {
    var start: Int
    var marker: UInt8
    var payload: Range<Int>?
    var entropy: Range<Int>?

    /// The segments from SOI to EOI (or to where a cut file ends); nil if `bytes` is not a JPEG
    /// or a segment's length runs past the end.
    static func split(_ bytes: [UInt8]) -> [JPEGSegment]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var segments = [JPEGSegment(start: 0, marker: 0xD8)]
        var i = 2
        while i < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            var j = i + 1
            while j < bytes.count && bytes[j] == 0xFF { j += 1 }  // fill bytes
            guard j < bytes.count else { break }
            let marker = bytes[j]
            if marker == 0xD9 { segments.append(JPEGSegment(start: i, marker: marker)); break }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                segments.append(JPEGSegment(start: i, marker: marker))
                i = j + 1
                continue
            }
            guard j + 2 < bytes.count else { return nil }
            let length = Int(bytes[j + 1]) << 8 | Int(bytes[j + 2])
            guard length >= 2, j + 1 + length <= bytes.count else { return nil }
            var segment = JPEGSegment(start: i, marker: marker, payload: j + 3..<j + 1 + length)
            i = j + 1 + length
            if marker == 0xDA {  // the coded data runs to the first marker that is not a restart
                var k = i
                while k + 1 < bytes.count && !(bytes[k] == 0xFF && bytes[k + 1] != 0 && !(0xD0...0xD7).contains(bytes[k + 1])) { k += 1 }
                if k + 1 >= bytes.count { k = bytes.count }
                segment.entropy = i..<k
                i = k
            }
            segments.append(segment)
        }
        return segments.count > 1 ? segments : nil
    }
}

/// Rewrites one segment of `input` (see the file's comment); nil when it finds nothing to do.
struct JPEGSegmentMutator {
    let input: [UInt8]
    let segments: [JPEGSegment]
    let maxSize: Int

    func mutate(_ random: inout SplitMix64) -> [UInt8]? {
        let choice = random.below(20)
        let scans = segments.filter { $0.entropy.map { !$0.isEmpty } ?? false }
        if choice < 5, let scan = scans.isEmpty ? nil : random.pick(scans) { return mutateEntropy(scan.entropy!) }
        if choice == 5, !segments.contains(where: { $0.marker == 0xDD }), let sos = segments.first(where: { $0.marker == 0xDA }) {
            let interval = UInt16(random.pick([1, 2, 3, 8, random.below(64) + 1, random.below(65536)]))
            return Array(input[..<sos.start]) + [0xFF, 0xDD, 0, 4, UInt8(interval >> 8), UInt8(interval & 0xFF)] + input[sos.start...]
        }
        let known = segments.filter { [0xC4, 0xDB, 0xC0, 0xC1, 0xC2, 0xDA, 0xDD].contains($0.marker) && $0.payload != nil }
        let others = segments.filter { $0.payload != nil }
        if choice < 8 || known.isEmpty, let segment = others.isEmpty ? nil : random.pick(others) {
            var payload = Array(input[segment.payload!])
            return replacing(segment, with: mutateBytes(&payload, room: maxSize - input.count) ? payload : nil)
        }
        guard !known.isEmpty else { return nil }
        let segment = random.pick(known)
        var payload = Array(input[segment.payload!])
        let sofIDs = segments.first { (0xC0...0xC2).contains($0.marker) }.flatMap { sof -> [UInt8]? in
            let p = Array(input[sof.payload!])
            guard p.count >= 6, p.count >= 6 + 3 * Int(p[5]) else { return nil }
            return (0..<Int(p[5])).map { p[6 + 3 * $0] }
        } ?? []
        let done: Bool
        switch segment.marker {
        case 0xC4: done = JPEGTables.mutateDHT(&payload, &random)
        case 0xDB: done = JPEGTables.mutateDQT(&payload, &random)
        case 0xDA: done = JPEGFrame.mutateSOS(&payload, ids: sofIDs, &random)
        case 0xDD: done = JPEGFrame.mutateDRI(&payload, &random)
        default: done = JPEGFrame.mutateSOF(&payload, &random)
        }
        if !done && !mutateBytes(&payload, room: maxSize - input.count) { return nil }
        return replacing(segment, with: payload)
    }

    /// `input` with `segment`'s payload replaced and its length field written again.
    func replacing(_ segment: JPEGSegment, with payload: [UInt8]?) -> [UInt8]? {
        guard let payload, let range = segment.payload, payload.count + 2 <= 0xFFFF else { return nil }
        let length = payload.count + 2
        return Array(input[..<(range.lowerBound - 2)]) + [UInt8(length >> 8), UInt8(length & 0xFF)] + payload + input[range.upperBound...]
    }

    /// libFuzzer's mutations on the coded data of one scan, the headers around it untouched.
    func mutateEntropy(_ range: Range<Int>) -> [UInt8]? {
        var data = Array(input[range])
        guard mutateBytes(&data, room: maxSize - input.count) else { return nil }
        return Array(input[..<range.lowerBound]) + data + input[range.upperBound...]
    }

    /// libFuzzer's mutations on `bytes`, which may grow by `room` bytes; false if there is no room.
    func mutateBytes(_ bytes: inout [UInt8], room: Int) -> Bool {
        let size = bytes.count
        let capacity = size + max(0, min(room, 64))
        guard size > 0 else { return false }  // libFuzzer's mutations need a byte to start from
        bytes += [UInt8](repeating: 0, count: capacity - size)
        let newSize = bytes.withUnsafeMutableBufferPointer { llvmFuzzerMutate($0.baseAddress!, size, capacity) }
        bytes.removeLast(capacity - newSize)
        return true
    }
}
