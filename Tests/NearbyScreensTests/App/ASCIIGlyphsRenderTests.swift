import Foundation
import Testing
import TerminalView
@testable import NearbyScreens

/// On a console or under a locale that is not UTF-8 (`GlyphSet.ascii`), every screen shows its own marks in
/// ASCII: only the names and words of the data keep letters outside it.
@MainActor
@Suite(.serialized)
final class ASCIIGlyphsRenderTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    @Test func homeAListADetailWithItsMapAndTheHelpShowNoUnicodeMarks() async throws {
        let app = try await DemoApp(folder: folder, size: Size(width: 100, height: 30), glyphs: .ascii)
        var screens = ["Home": app.text]
        await app.press(.down, .enter)
        screens["Places list"] = app.text
        await app.press(.enter)
        screens["Place detail"] = app.text
        await app.press(.character("?"))
        screens["Help"] = app.text
        for (name, text) in screens {
            let marks = text.unicodeScalars.filter { !$0.isASCII && !$0.properties.isAlphabetic }
            #expect(marks.isEmpty, "\(name) shows “\(String(String.UnicodeScalarView(marks)))”:\n\(text)")
        }
        #expect(screens["Home"]?.contains("Nearby - Demo town") == true)
        #expect(screens["Place detail"]?.contains("+- Map - X place  @ you") == true, "the map's box and legend")
        #expect(screens["Help"]?.contains("esc or ? closes") == true)
    }
}
