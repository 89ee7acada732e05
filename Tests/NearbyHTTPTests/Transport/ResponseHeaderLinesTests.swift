import Testing
@testable import NearbyHTTP

@Suite("ResponseHeaderLines")
struct ResponseHeaderLinesTests {
    private func collect(_ lines: [String]) -> [String: String] {
        var headers = ResponseHeaderLines()
        for line in lines { headers.add(Array(line.utf8)) }
        return headers.fields
    }

    @Test("names are lower-cased and values trimmed; the status line and the blank line are no fields")
    func basic() {
        let fields = collect(["HTTP/1.1 200 OK\r\n", "Content-Type:  application/json \r\n", "X-Count:\t3\r\n", "\r\n"])
        #expect(fields == ["content-type": "application/json", "x-count": "3"])
    }

    @Test("a second status line (redirect, 100 Continue) starts over")
    func laterResponseWins() {
        let fields = collect(["HTTP/1.1 100 Continue\r\n", "X-Interim: 1\r\n", "\r\n",
                              "HTTP/1.1 302 Found\r\n", "Location: /b\r\n", "\r\n",
                              "HTTP/2 200\r\n", "x-final: yes\r\n", "\r\n"])
        #expect(fields == ["x-final": "yes"])
    }

    @Test("repeated fields are joined; a folded line continues the previous value")
    func repeatedAndFolded() {
        let fields = collect(["HTTP/1.1 200 OK\r\n", "Vary: Accept\r\n", "vary: Origin\r\n",
                              "X-Long: first\r\n", "  second\r\n"])
        #expect(fields == ["vary": "Accept, Origin", "x-long": "first second"])
    }

    @Test("lines without a colon or a name, and bytes that are not UTF-8, do no harm")
    func hostileLines() {
        var headers = ResponseHeaderLines()
        headers.add(Array("HTTP/1.1 200 OK\r\n".utf8))
        headers.add(Array("garbage\r\n".utf8))
        headers.add(Array(": no name\r\n".utf8))
        headers.add([0x58, 0x3A, 0x20, 0xFF, 0xFE, 0x0D, 0x0A])
        #expect(headers.fields == ["x": "\u{FFFD}\u{FFFD}"])
    }
}
