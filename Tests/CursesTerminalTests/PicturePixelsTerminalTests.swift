import Foundation
import Testing
import TestSupport

/// A friend's photo in pixels, through a pseudo-terminal that answers as a graphics terminal does: asked at the
/// start, a terminal that checks kitty's query gets the photo in kitty's protocol, deleted under the help and on
/// leaving, placed again once after; `images = "sixel"` sends sixels to a terminal that did not say it has them.
@Suite(.terminal)
struct PicturePixelsTerminalTests {
    /// A store holding Anna Photo, whose photo is a red square.
    static func storeWithAnna(in folder: TemporaryFolder) async throws -> String {
        let png = TestPictures.png(width: 120, height: 120, rgba: TestPictures.pattern(width: 120, height: 120) { _, _ in
            (255, 0, 0, 255)
        })
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Anna Photo\r\nN:Photo;Anna;;;\r\nTEL:+423 555 0101\r\n"
            + "PHOTO;ENCODING=b;TYPE=PNG:" + Data(png).base64EncodedString() + "\r\nEND:VCARD\r\n"
        let file = folder.appending("anna.vcf")
        try Data(card.utf8).write(to: file)
        let data = folder.appending("store").path
        let output = try await Command.output(Binaries.nearby, ["friends", "import", "--data-dir", data, file.path])
        #expect(output.contains("Imported 1 friend with 1 photo."), "\(output)")
        return data
    }

    static func count(_ text: String, in output: String) -> Int { output.components(separatedBy: text).count - 1 }

    @Test func aTerminalThatAnswersKittysQueryGetsThePhotoInKittysProtocol() async throws {
        let folder = try TemporaryFolder("nearby-kitty")
        let data = try await Self.storeWithAnna(in: folder)
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"], rows: 30, cols: 100, dataDirectory: data)
        // Kitty's answers, as it sends them, waiting in the terminal's input when the app asks (so that a busy
        // test machine cannot make them late: late answers are dropped, and pictures would be blocks).
        run.type("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c")
        // The questions come before anything is drawn.
        #expect(try await run.waitFor("\u{1B}[c"), "the terminal was never asked: \(run.text.debugDescription)")
        // (The answers typed before the app turned echo off are echoed first, as a pseudo-terminal does.)
        #expect(run.text.contains("\u{1B}_Gi=31,s=1,v=1,a=q"))
        #expect(try await run.waitFor("Anna Photo"))
        run.markOutput()
        run.type("\r")
        #expect(try await run.waitFor("\u{1B}_Ga=p,i="), "the photo, placed")
        #expect(try await run.waitForQuiet())
        let detail = run.sinceMark
        #expect(Self.count("\u{1B}_Ga=t,i=", in: detail) == 1, "its pixels sent once")
        #expect(Self.count("\u{1B}_Ga=p,i=", in: detail) == 1, "placed once")
        #expect(detail.contains("Anna Photo"))

        // The help covers the photo: its placement deleted, not drawn over it.
        run.markOutput()
        run.type("?")
        #expect(try await run.waitFor("keys"))
        #expect(try await run.waitForQuiet())
        #expect(run.sinceMark.contains("\u{1B}_Ga=d,d=i,i="))
        #expect(!run.sinceMark.contains("\u{1B}_Ga=p"))

        // Closed: placed again, once, its pixels not sent again.
        run.markOutput()
        run.type("\u{1B}")
        #expect(try await run.waitFor("\u{1B}_Ga=p,i="))
        #expect(try await run.waitForQuiet())
        #expect(Self.count("\u{1B}_Ga=p,i=", in: run.sinceMark) == 1)
        #expect(!run.sinceMark.contains("\u{1B}_Ga=t"))

        // ctrl-l clears the screen, and kitty's pixels with it: everything freed, the photo sent and placed once.
        run.markOutput()
        run.type("\u{0C}")
        #expect(try await run.waitFor("\u{1B}_Ga=p,i="))
        #expect(try await run.waitForQuiet())
        #expect(run.sinceMark.contains("\u{1B}_Ga=d,d=A,q=2"))
        #expect(Self.count("\u{1B}_Ga=t,i=", in: run.sinceMark) == 1)
        #expect(Self.count("\u{1B}_Ga=p,i=", in: run.sinceMark) == 1)

        // Back to the list: deleted; and at the end, every picture freed.
        run.markOutput()
        run.type("\u{1B}")
        #expect(try await run.waitForQuiet())
        #expect(run.sinceMark.contains("\u{1B}_Ga=d,d=i,i="))
        run.markOutput()
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0))
        #expect(run.sinceMark.contains("\u{1B}_Ga=d,d=A,q=2"))
    }

    @Test func sixelsAskedForAreSentAndWipedByTheHelp() async throws {
        let folder = try TemporaryFolder("nearby-sixel")
        let data = try await Self.storeWithAnna(in: folder)
        let run = try PseudoTerminalRun(arguments: ["--open", "friends"], rows: 30, cols: 100, dataDirectory: data,
                                        environment: ["NEARBY_IMAGES": "sixel"])
        #expect(try await run.waitFor("Anna Photo"), "\(run.text.suffix(1500).debugDescription)")
        #expect(!run.text.contains("\u{1B}_Gi=31"), "a protocol named in the settings is not asked about")
        run.markOutput()
        run.type("\r")
        #expect(try await run.waitFor("\u{1B}P0;1;0q"), "a sixel")
        #expect(try await run.waitForQuiet())
        #expect(Self.count("\u{1B}P0;1;0q", in: run.sinceMark) == 1)
        run.markOutput()
        run.type("?")
        #expect(try await run.waitFor("keys"))
        #expect(try await run.waitForQuiet())
        #expect(!run.sinceMark.contains("\u{1B}P0;1;0q"), "no sixel over the help")
        run.markOutput()
        run.type("\u{1B}")
        #expect(try await run.waitFor("\u{1B}P0;1;0q"), "the sixel again after the help")
        run.type("Q")
        #expect(try await run.waitForExit() == .exited(0))
    }
}
