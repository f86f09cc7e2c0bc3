/// The work of drawing every glyph of a TrueType font, counted on its `glyf` and `loca` tables
/// before FreeType loads a glyph: what a subset from someone else is checked for besides its
/// bytes.
///
/// A composite glyph is drawn by loading each of its components, which may be composites in turn,
/// so a few bytes can stand for millions of loads: ten glyphs that are each ten copies of the one
/// before make the last one a million loads, and a thousand glyphs that each copy it a billion,
/// in 25 KB. FreeType bounds the nesting (about 100 levels) and the points of one outline, not the
/// loads, and components that are empty glyphs have no points. So every glyph's loads are counted
/// here, once per glyph (each composite's count is the sum of its components', memoized, so the
/// walk is linear in the tables), and a font is refused when one glyph needs more than
/// `maximumLoads` or all of them more than `maximumTotalLoads`, or when a composite is nested
/// deeper than `maximumDepth` or refers to itself. OpenType's `maxp` declares the nesting and the
/// components it allows (`maxComponentDepth`, `maxComponentElements`), but a crafted font lies in
/// it; real fonts use a few levels and a few components (an accented letter: two).
enum CompositeGlyphs {
    /// The most glyph loads one glyph may take (itself and every component, all the way down).
    static let maximumLoads = 1024
    /// The most glyph loads drawing every glyph of the font once may take.
    static let maximumTotalLoads = 1 << 20
    /// The deepest nesting of composites.
    static let maximumDepth = 16

    /// What makes `font` (an sfnt: one TrueType or OpenType font) too costly to draw, or nil. A
    /// font without `glyf` (CFF outlines, colour bitmaps) has no composites and passes. The check
    /// fails closed: a table directory that does not parse, or a `glyf` font whose `head`, `maxp`
    /// or `loca` is missing, short or out of order, is refused rather than left for FreeType to
    /// read in its own lenient way (it clamps a `loca` that runs backwards or past `glyf`, so a
    /// glyph there could stand for data this walk never counted). HarfBuzz's subsetter, which
    /// cuts every subset tagproj embeds, writes none of these.
    static func problem(in font: UnsafeRawBufferPointer) -> String? {
        let view = ByteView(font)
        guard let tables = Self.tables(view) else { return tr("its table directory does not parse") }
        guard let glyf = tables["glyf"] else { return nil }
        guard let head = tables["head"], let maxp = tables["maxp"], let loca = tables["loca"], head.length >= 54, maxp.length >= 6,
              let format = view.u16(head.offset + 50), format <= 1, let glyphs = view.u16(maxp.offset + 4)
        else { return tr("its glyf outlines come without a readable head, maxp or loca") }
        let long = format == 1
        guard loca.length >= (glyphs + 1) * (long ? 4 : 2) else { return tr("its loca table is shorter than its {glyphs} glyphs", ["glyphs": glyphs]) }
        func location(_ glyph: Int) -> Int {
            long ? view.u32(loca.offset + 4 * glyph)! : view.u16(loca.offset + 2 * glyph)! * 2
        }
        // Each glyph's components, read once, within the glyph's own bytes.
        var components = [[Int]](repeating: [], count: glyphs)
        for glyph in 0..<glyphs {
            let start = location(glyph), end = location(glyph + 1)
            guard start <= end, end <= glyf.length else { return tr("its loca table is out of order at glyph {glyph}", ["glyph": glyph]) }
            guard end - start >= 10, let contours = view.u16(glyf.offset + start), contours >= 0x8000 else { continue }
            let limit = glyf.offset + end
            var at = glyf.offset + start + 10
            while true {
                guard at + 4 <= limit, let flags = view.u16(at), let child = view.u16(at + 2) else {
                    return tr("glyph {glyph}'s components run past its data", ["glyph": glyph])
                }
                guard child < glyphs else { return tr("glyph {glyph} uses glyph {child}, which the font does not have", ["glyph": glyph, "child": child]) }
                components[glyph].append(child)
                if components[glyph].count > maximumLoads { return tr("glyph {glyph} has more than {limit} components", ["glyph": glyph, "limit": maximumLoads]) }
                at += 4 + (flags & 0x0001 != 0 ? 4 : 2)
                if flags & 0x0008 != 0 { at += 2 } else if flags & 0x0040 != 0 { at += 4 } else if flags & 0x0080 != 0 { at += 8 }
                guard flags & 0x0020 != 0 else { break }
            }
        }
        // Loads and depth of each glyph, by a depth-first walk with an explicit stack (a crafted
        // nesting must not exhaust the thread's stack before it is refused).
        var loads = [Int](repeating: 0, count: glyphs), depth = [Int](repeating: 0, count: glyphs)
        var state = [UInt8](repeating: 0, count: glyphs)  // 0 unseen, 1 on the path, 2 counted
        var total = 0
        for root in 0..<glyphs where state[root] == 0 {
            var stack: [(glyph: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                let children = components[top.glyph]
                if top.next < children.count {
                    stack[stack.count - 1].next += 1
                    let child = children[top.next]
                    switch state[child] {
                    case 1: return tr("glyph {child} is a component of itself", ["child": child])
                    case 0:
                        guard stack.count < maximumDepth else { return tr("glyph {root}'s composites are nested more than {limit} deep", ["root": root, "limit": maximumDepth]) }
                        state[child] = 1
                        stack.append((child, 0))
                    default: break
                    }
                    continue
                }
                stack.removeLast()
                var sum = 1, deepest = 0
                for child in children {
                    sum += loads[child]
                    deepest = max(deepest, depth[child] + 1)
                    if sum > maximumLoads { return tr("glyph {glyph} takes more than {limit} glyph loads to draw", ["glyph": top.glyph, "limit": maximumLoads]) }
                }
                guard deepest <= maximumDepth else { return tr("glyph {glyph}'s composites are nested more than {limit} deep", ["glyph": top.glyph, "limit": maximumDepth]) }
                loads[top.glyph] = sum
                depth[top.glyph] = deepest
                state[top.glyph] = 2
                total += sum
                if total > maximumTotalLoads { return tr("drawing its glyphs takes more than {limit} glyph loads", ["limit": maximumTotalLoads]) }
            }
        }
        return nil
    }

    /// The table directory: each table's offset and length, by tag.
    private static func tables(_ view: ByteView) -> [String: (offset: Int, length: Int)]? {
        guard let count = view.u16(4) else { return nil }
        var found: [String: (offset: Int, length: Int)] = [:]
        for i in 0..<count {
            let record = 12 + 16 * i
            guard view.contains(record, length: 16), let offset = view.u32(record + 8), let length = view.u32(record + 12),
                  view.contains(offset, length: length) else { return nil }
            let tag = String(decoding: (0..<4).map { view.u8(record + $0)! }, as: UTF8.self)
            found[tag] = (offset, length)
        }
        return found
    }
}
