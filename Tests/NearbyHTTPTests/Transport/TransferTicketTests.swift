import Foundation
import Testing
@testable import NearbyHTTP

@Suite("TransferTicket")
struct TransferTicketTests {
    @Test("the answer resumes the caller once; a later cancel changes nothing")
    func answerThenCancel() async throws {
        let ticket = TransferTicket()
        let result = await withCheckedContinuation { continuation in
            #expect(ticket.attach(continuation))
            ticket.finish(.success(HTTPClient.Response(status: 204)))
            #expect(!ticket.cancel())
            ticket.finish(.failure(.timeout))
        }
        #expect(try result.get().status == 204)
        #expect(ticket.isAnswered)
    }

    @Test("a cancel resumes the caller with .cancelled; the answer arriving later is dropped")
    func cancelThenAnswer() async {
        let ticket = TransferTicket()
        let result = await withCheckedContinuation { continuation in
            #expect(ticket.attach(continuation))
            #expect(ticket.cancel())
            ticket.finish(.success(HTTPClient.Response(status: 200)))
        }
        #expect(throws: HTTPFailure.cancelled) { try result.get() }
    }

    @Test("cancelled before the caller attaches: attach answers .cancelled and refuses to start")
    func cancelBeforeAttach() async {
        let ticket = TransferTicket()
        #expect(!ticket.cancel())
        #expect(ticket.isAnswered)
        let result = await withCheckedContinuation { continuation in
            #expect(!ticket.attach(continuation))
        }
        #expect(throws: HTTPFailure.cancelled) { try result.get() }
    }
}
