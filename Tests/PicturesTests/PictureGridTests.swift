import Pictures
import Testing
import TestSupport

/// Pictures as cells through libchafa: the colours land where the picture has them, the characters are
/// blocks, and the grid keeps the picture's shape.
@Suite("Picture grid")
struct PictureGridTests {
    /// Four quadrants: red, green / blue, white.
    static let quadrants = DecodedPicture(width: 80, height: 80, rgba: TestPictures.pattern(width: 80, height: 80) { x, y in
        switch (x < 40, y < 40) {
        case (true, true): (255, 0, 0, 255)
        case (false, true): (0, 255, 0, 255)
        case (true, false): (0, 0, 255, 255)
        case (false, false): (255, 255, 255, 255)
        }
    })

    /// The grid as text: each cell's character, and beside the rows a legend of the colours used, as letters
    /// for the palette indexes (r 196 red, g 46 green, b 21 blue, w 231 white, . the terminal's own).
    static func snapshot(_ grid: PictureGrid) -> String {
        let names: [Int32: Character] = [196: "r", 46: "g", 21: "b", 231: "w", -1: "."]
        var lines: [String] = []
        for y in 0..<grid.rows {
            var characters = "", colours = ""
            for x in 0..<grid.columns {
                let at = y * grid.columns + x
                characters.unicodeScalars.append(grid.characters[at])
                colours.append(names[grid.foreground[at]] ?? "?")
                colours.append(names[grid.background[at]] ?? "?")
            }
            lines.append(characters + " | " + colours)
        }
        return lines.joined(separator: "\n")
    }

    /// A cell of one colour is a space on that background (its foreground unused, so the terminal's own).
    @Test("four coloured quadrants in 8 × 4 cells: each quarter of the grid in its colour, in the 240 colours")
    func quadrantsSnapshot() throws {
        let grid = try PictureGrid.draw(Self.quadrants, columns: 8, rows: 4)
        #expect(Self.snapshot(grid) == """
            \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20} | .r.r.r.r.g.g.g.g
            \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20} | .r.r.r.r.g.g.g.g
            \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20} | .b.b.b.b.w.w.w.w
            \u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20}\u{20} | .b.b.b.b.w.w.w.w
            """)
    }

    @Test("a split that falls inside a cell is drawn with a half block in both colours")
    func halfBlocks() throws {
        // Red above, blue below, split at a third of the height: the middle row of 3 holds the edge.
        let picture = DecodedPicture(width: 40, height: 60, rgba: TestPictures.pattern(width: 40, height: 60) { _, y in
            y < 30 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        })
        let grid = try PictureGrid.draw(picture, columns: 4, rows: 3)
        let middle = (0..<4).map { grid.characters[4 + $0] }
        #expect(middle.allSatisfy { $0 == "▀" || $0 == "▄" })
        var colours = Set<Int32>()
        for x in 4..<8 { colours.formUnion([grid.foreground[x], grid.background[x]]) }
        #expect(colours == [196, 21])
        let topIsRed = (0..<4).allSatisfy { grid.foreground[$0] == 196 || grid.background[$0] == 196 }
        #expect(topIsRed)
    }

    @Test("every character is a space or a block element, and every colour is one of the 240")
    func onlyBlocksAndPaletteColours() throws {
        let picture = DecodedPicture(width: 64, height: 48, rgba: TestPictures.pattern(width: 64, height: 48))
        let grid = try PictureGrid.draw(picture, columns: 20, rows: 10)
        #expect(grid.characters.allSatisfy { $0 == " " || (0x2580...0x259F).contains($0.value) })
        #expect((grid.foreground + grid.background).allSatisfy { (16...255).contains($0) })
    }

    @Test("the cells a picture takes keep its shape, cells being twice as tall as wide")
    func fitKeepsShape() throws {
        // 4:3 in a 40 × 40 box: as wide as the box, 4:3 × ½ as tall.
        let fit = try PictureGrid.cells(forWidth: 400, height: 300, within: 40, rows: 40)
        #expect(fit.columns == 40 && fit.rows == 15)
        let tall = try PictureGrid.cells(forWidth: 300, height: 600, within: 40, rows: 10)
        #expect(tall.rows == 10 && tall.columns == 10)
    }
}
