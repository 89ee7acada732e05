import FoundationEssentials
import NearbyCore
import NearbyHTTP
import NearbyData

/// Places API (New) errors, `{"error": {"code", "status", "message", "details"}}`, in words a user can act
/// on. The key never appears: messages name where it is set instead.
struct GoogleAPIError {
    var httpStatus: Int
    /// `PERMISSION_DENIED`, `RESOURCE_EXHAUSTED`, …; nil when the body is not Google's error shape.
    var status: String?
    /// Google's own sentence, cleaned for a terminal and cut short.
    var message: String?
    /// `google.rpc.ErrorInfo`'s reason (`API_KEY_INVALID`, `SERVICE_DISABLED`, …).
    var reason: String?
    /// `google.rpc.RetryInfo`'s delay, else the `Retry-After` header, as an instant.
    var retryAt: Date?

    init(response: HTTPClient.Response, now: Date) {
        httpStatus = response.status
        let error = (try? JSONValue.parse(response.body))?["error"]
        status = error?["status"]?.stringValue.flatMap { UntrustedText.clean($0, maxLength: 40) }
        message = error?["message"]?.stringValue.flatMap { UntrustedText.clean($0, maxLength: 300) }
            .map { $0.trimmingWhitespace() }
        var retryAt = RetryAfter.instant(response.headers["retry-after"], now: now)
        for detail in error?["details"]?.arrayValue ?? [] {
            if let text = detail["reason"]?.stringValue { reason = UntrustedText.clean(text, maxLength: 60) }
            if let delay = detail["retryDelay"]?.stringValue, let seconds = Self.seconds(delay) {
                retryAt = now.addingTimeInterval(min(seconds, RetryAfter.longest))
            }
        }
        self.retryAt = retryAt
    }

    /// The error a screen shows. `keySource` says where the key was set ("NEARBY_GOOGLE_API_KEY", or a
    /// config file line); `now` measures the wait before a retry.
    func placesError(keySource: String, now: Date) -> PlacesError {
        let code = status.map { " (\(httpStatus) \($0))" } ?? " (HTTP \(httpStatus))"
        switch httpStatus {
        case 400 where reason == "API_KEY_INVALID" || message?.isInvalidKeyComplaint == true:
            return .refused("Google does not accept the API key set in \(keySource)\(code); check that it was "
                            + "copied whole.")
        case 400:
            return .refused("Google Places did not accept the request\(code)" + (message.map { ": \($0)" } ?? "."))
        case 401, 403:
            return .refused("Google refused the API key set in \(keySource)\(code): \(denialAdvice)")
        case 404:
            return .notFound
        case 429:
            return .refused("The Google Places quota is used up\(code); \(retryAdvice(now: now))")
        case 500...:
            return .unavailable("Google Places has a problem\(code); try again in a few minutes.")
        default:
            return .refused("Google Places refused the request\(code)" + (message.map { ": \($0)" } ?? "."))
        }
    }

    /// What to do about a denied key, by Google's reason.
    private var denialAdvice: String {
        switch reason {
        case "SERVICE_DISABLED":
            "enable Places API (New) for the key's project in the Google Cloud console."
        case "BILLING_DISABLED":
            "enable billing for the key's project in the Google Cloud console."
        case "API_KEY_SERVICE_BLOCKED":
            "the key's API restrictions must allow Places API (New)."
        case "API_KEY_IP_ADDRESS_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED", "API_KEY_ANDROID_APP_BLOCKED",
             "API_KEY_IOS_APP_BLOCKED":
            "the key's application restrictions do not allow this machine."
        default:
            "check the key, and that Places API (New) is enabled for its project and allowed by its restrictions."
        }
    }

    /// "try again in 30 s", or in a minute for the per-minute quotas that are the usual cause.
    private func retryAdvice(now: Date) -> String {
        if let retryAt, retryAt > now { return "try again in \(WaitText.text(retryAt.timeIntervalSince(now)))." }
        if let message, message.lowercased().contains("per day") {
            return "the daily quota starts again at midnight Pacific time."
        }
        return "try again in a minute."
    }

    /// "30s", "1.5s" (protobuf's Duration in JSON) → seconds.
    private static func seconds(_ text: String) -> TimeInterval? {
        guard text.hasSuffix("s"), let value = Double(text.dropLast()), value.isFinite, value >= 0 else { return nil }
        return value
    }
}

private extension String {
    /// Google's wording for a key it does not know, in case the reason is missing.
    var isInvalidKeyComplaint: Bool { lowercased().contains("api key not valid") }
}
