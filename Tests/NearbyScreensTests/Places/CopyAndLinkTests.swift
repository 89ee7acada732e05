import Foundation
import NearbyCore
import NearbyViewModels
import Testing
import TerminalView
@testable import NearbyScreens
import TerminalText

/// `y` and `Y` copy through OSC 52 (the exact bytes written), and websites and e-mail addresses are links.
@MainActor
@Suite(.serialized)
final class CopyAndLinkTests {
    private let folder = DemoApp.makeFolder()

    deinit { DemoApp.removeFolder(folder) }

    private func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Data(text.utf8).base64EncodedString().utf8) + [0x1B, 0x5C]
    }

    /// Home → the first category → its first place.
    private func detail() async throws -> (DemoApp, any PlaceDetailViewModelType) {
        let app = try await DemoApp(folder: folder)
        await app.press(.down, .enter, .enter)
        guard case .placeDetail(let model)? = app.coordinator.topModel else {
            throw DetailMissing()
        }
        return (app, model)
    }

    private struct DetailMissing: Error {}

    @Test func yCopiesTheAddressAndCapitalYTheGeoLink() async throws {
        let (app, model) = try await detail()
        let address = try #require(model.lines.value.first { $0.label == "Address" }?.value)
        let coordinates = try #require(model.lines.value.first { $0.label == "Coordinates" }?.value)
        #expect(app.runner.terminal.emitted.isEmpty)
        await app.press(.character("y"))
        #expect(app.runner.terminal.emitted == osc52(address))
        #expect(app.text.contains("Copied “\(address)”"))
        await app.press(.character("Y"))
        let geo = "geo:" + coordinates.replacing(", ", with: ",")
        #expect(app.runner.terminal.emitted == osc52(address) + osc52(geo))
        #expect(app.text.contains("Copied \(geo)"))
    }

    @Test func pCopiesThePhoneNumberOfAPlaceThatHasOne() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.down, .enter)
        // The first place of the first category with a phone.
        for _ in 0..<30 {
            await app.press(.enter)
            guard case .placeDetail(let model)? = app.coordinator.topModel else { break }
            if let phone = model.lines.value.first(where: { $0.kind == .phone })?.value {
                await app.press(.character("p"))
                #expect(app.runner.terminal.emitted == osc52(phone))
                #expect(app.text.contains("Copied the phone number \(phone)"))
                return
            }
            await app.press(.escape, .down)
        }
        Issue.record("no place with a phone in the first category")
    }

    @Test func theHelpOverlayOffersTheCopyKeys() async throws {
        let (app, _) = try await detail()
        await app.press(.character("?"))
        #expect(app.text.contains("copy the address (or coordinates)"))
        #expect(app.text.contains("copy the geo: link"))
    }

    @Test func theWebsiteOfAPlaceIsALinkOverItsText() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.down, .enter)
        // The first place of the first category with a website.
        for _ in 0..<30 {
            await app.press(.enter)
            guard case .placeDetail(let model)? = app.coordinator.topModel else { break }
            if let website = model.lines.value.first(where: { $0.kind == .website }) {
                let links = app.runner.lastFrame.links
                let link = try #require(links.first { $0.target == website.value })
                // The link covers the cells that show the address (cut short with … in a narrow pane), and
                // leads to the whole address.
                let shown = String(Array(app.rows[link.y])[link.columns])
                #expect(shown.hasPrefix("https://example.org/demo/"))
                #expect(website.value.hasPrefix(shown.trimmingCharacters(in: CharacterSet(charactersIn: "… "))))
                #expect(link.columns.count <= DisplayWidth.of(website.value))
                #expect(links.allSatisfy { TerminalControl.linkTarget($0.target) == $0.target })
                // The help drawn over the detail takes the links away with it, and gives them back.
                await app.press(.character("?"))
                #expect(app.runner.lastFrame.links.isEmpty)
                await app.press(.escape)
                #expect(app.runner.lastFrame.links == links)
                return
            }
            await app.press(.escape, .down)
        }
        Issue.record("no place with a website among the first 30")
    }

    @Test func yOnAFriendCopiesThePhoneNumber() async throws {
        let app = try await DemoApp(folder: folder)
        await app.press(.character("F"))
        await app.press(.enter)
        guard case .friendDetail(let model)? = app.coordinator.topModel else {
            Issue.record("not on a friend's detail")
            return
        }
        let phone = try #require(model.lineValue("Phone"))
        await app.press(.character("y"))
        #expect(app.runner.terminal.emitted == osc52(phone))
    }
}
