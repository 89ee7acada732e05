import Testing
@testable import NearbyScreens

/// The walkthrough's P2 2: a wider terminal never shows less of a name, and the name takes the slack first.
struct PlaceRowLayoutTests {
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func noColumnNarrowsAsTheTerminalWidens(walking: Bool, ratings: Bool) {
        for detailed in [false, true] {
            var previous = PlaceRowLayout(width: 0, walking: walking, ratings: ratings, detailed: detailed)
            let widest = PlaceRowLayout(width: 10_000, walking: walking, ratings: ratings, detailed: detailed).width
            for width in 1...300 {
                let layout = PlaceRowLayout(width: width, walking: walking, ratings: ratings, detailed: detailed)
                #expect(layout.width == min(width, widest), "the columns fill the row at \(width), up to their limits")
                for (now, before, column) in [(layout.name, previous.name, "name"), (layout.open, previous.open, "open"),
                                              (layout.distance, previous.distance, "distance"),
                                              (layout.walk, previous.walk, "walk"), (layout.rating, previous.rating, "rating"),
                                              (layout.subtitle, previous.subtitle, "subtitle")] {
                    #expect(now >= before, "\(column) narrowed from \(before) to \(now) at \(width) columns")
                }
                previous = layout
            }
        }
    }

    @Test func theNameHasRoomBeforeTheExtrasAppear() {
        // "Restaurant Amarone" and "Restaurant Adler" read whole from 60 columns on, with paths, without ratings.
        for width in 60...200 {
            let layout = PlaceRowLayout(width: width - PlaceRowLayout.gutter, walking: true, ratings: false,
                                        detailed: false)
            #expect(layout.name - 1 >= "Restaurant Amarone".count, "\(width) columns")
        }
        // The subtitle waits until the name has 60 columns.
        for width in 1...300 {
            let layout = PlaceRowLayout(width: width, walking: true, ratings: true, detailed: false)
            #expect(layout.subtitle == 0 || layout.name >= 60, "\(width) columns")
        }
        #expect(PlaceRowLayout(width: 153, walking: true, ratings: true, detailed: false).subtitle == 24)
        #expect(PlaceRowLayout(width: 153, walking: true, ratings: true, detailed: false).name == 72)
    }

    /// The walkthrough's P3: at 250 columns the name and the distance stood 200 columns apart. The name stops at
    /// its limit, the subtitle keeps its width, and the rest of a very wide row stays blank.
    @Test func onAVeryWideTerminalTheColumnsStayTogether() {
        let layout = PlaceRowLayout(width: 248, walking: true, ratings: true, detailed: false)
        #expect(layout.name == PlaceRowLayout.nameLimit)
        #expect(layout.subtitle == PlaceRowLayout.subtitleWidth)
        #expect(layout.width == 72 + 24 + 10 + 9 + 24 + 14)
        #expect(PlaceRowLayout(width: 160, walking: true, ratings: true, detailed: false).name == 72)
    }
}
