import Testing
@testable import NearbyRemote
@testable import NearbyHTTP

/// Legacy Google attributions are HTML; the list shows them as text with their link, never as markup.
struct HTMLAttributionTests {
    @Test(arguments: [
        (#"<a href="http://google.com/">redacted</a>"#, "redacted (http://google.com/)"),
        ("Listings by <b>X</b>", "Listings by X"),
        (#"Data &amp; photos by <a href='https://example.org/?a=1&amp;b=2'>Ann &lt;3</a>"#,
         "Data & photos by Ann <3 (https://example.org/?a=1&b=2)"),
        (#"<a href="javascript:alert(1)">click</a>"#, "click"),
        ("a < b", "a < b"),
        ("&amp;lt;", "&lt;"),
    ])
    func plainText(html: String, expected: String) {
        #expect(HTMLAttribution.plainText(html) == expected)
    }

    /// The report's hostile attribution: the escape never reaches the list, nor the tags.
    @Test func hostileMarkupBecomesSafeText() {
        let text = UntrustedText.clean(HTMLAttribution.plainText("<a>\u{1B}[2J</a>")) ?? ""
        #expect(!text.contains("<") && !text.unicodeScalars.contains("\u{1B}"))
    }
}
