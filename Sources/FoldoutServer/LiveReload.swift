import FoldoutBase
import Foundation

/// What the preview tells open pages over Server-Sent Events at `LiveReload.eventsPath`:
/// which output files a rebuild changed (a page reloads when it is one of them, or when a
/// stylesheet or script changed), or that the build failed (the page shows the errors over
/// itself and keeps showing the last good output).
enum LiveEvent: Sendable, Equatable {
    case changed([String])
    case failed(String)

    /// The event as an SSE frame.
    var frame: String {
        switch self {
        case .changed(let paths):
            return "event: changed\ndata: " + LiveReload.json(paths) + "\n\n"
        case .failed(let text):
            return "event: failed\ndata: " + LiveReload.json(text) + "\n\n"
        }
    }
}

/// The script added to every HTML response the preview serves (never to the files in
/// `Output/`), and the hub that sends events to the open pages.
enum LiveReload {
    static let eventsPath = "/__foldout/events"

    /// What the overlay shows of a failed build: the errors first, as they are what stopped
    /// it, then the warnings; notes (a missing `base_url`) are for the terminal only.
    static func overlayText(of failure: BuildFailure) -> String {
        let errors = failure.diagnostics.filter { $0.severity == .error }
        let warnings = failure.diagnostics.filter { $0.severity == .warning }
        return (errors + warnings).map(\.description).joined(separator: "\n")
    }

    /// `html` with the live reload script before `</body>` (or at the end). `failure` is the
    /// current build error, shown at once when the page opens.
    static func inject(into html: [UInt8], failure: String?) -> [UInt8] {
        let tag = Array(script(failure: failure).utf8)
        guard let position = lastIndex(of: Array("</body>".utf8), in: html) else { return html + tag }
        var result = html
        result.insert(contentsOf: tag, at: position)
        return result
    }

    static func script(failure: String?) -> String {
        """
        <script>/* foldout serve: live reload, added by the preview server only */
        (function () {
          var failure = \(json(failure));
          function here() {
            var path = decodeURIComponent(location.pathname).replace(/^\\/+/, "");
            return path === "" || path.slice(-1) === "/" ? path + "index.html" : path;
          }
          function overlay(text) {
            var box = document.getElementById("foldout-overlay");
            if (text === null) { if (box) box.remove(); return; }
            if (!box) {
              box = document.createElement("div");
              box.id = "foldout-overlay";
              box.setAttribute("role", "alert");
              box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;" +
                "background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace";
              document.body.appendChild(box);
            }
            box.innerHTML = "";
            var title = document.createElement("p");
            title.textContent = "The build failed; this is the last good output.";
            title.style.cssText = "font-weight:bold;color:#ff8a80;margin:0 0 1rem";
            var pre = document.createElement("pre");
            pre.textContent = text;
            pre.style.whiteSpace = "pre-wrap";
            box.appendChild(title);
            box.appendChild(pre);
          }
          if (failure !== null) {
            if (document.body) overlay(failure); else addEventListener("DOMContentLoaded", function () { overlay(failure); });
          }
          var events = new EventSource("\(eventsPath)");
          events.addEventListener("changed", function (event) {
            var paths = JSON.parse(event.data), page = here();
            var affected = paths.some(function (path) { return path === page || !/\\.html$/.test(path); });
            if (affected || failure !== null) { location.reload(); } else { overlay(null); }
            failure = null;
          });
          events.addEventListener("failed", function (event) {
            failure = JSON.parse(event.data);
            overlay(failure);
          });
        })();
        </script>

        """
    }

    /// A JSON string or array of strings, safe inside `<script>`: `<` is escaped, so the
    /// text cannot close the element.
    static func json(_ text: String?) -> String {
        text.map { ScriptString.quoted($0) } ?? "null"
    }

    static func json(_ texts: [String]) -> String {
        "[" + texts.map { json($0) }.joined(separator: ",") + "]"
    }

    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            var matches = true
            for offset in 0..<needle.count where Self.lower(haystack[index + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return index }
            index -= 1
        }
        return nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

/// Fans events out to every open page, and remembers the current build failure so a page
/// opened while it lasts shows it too.
final class LiveReloadHub: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
    private var nextID = 0
    private var isFinished = false
    private var failure: String?

    /// The failure of the last build, nil when it succeeded.
    var currentFailure: String? { lock.withLock { failure } }

    var subscriberCount: Int { lock.withLock { subscribers.count } }

    func subscribe() -> AsyncStream<LiveEvent> {
        AsyncStream { continuation in
            let id: Int? = lock.withLock {
                guard !isFinished else { return nil }
                nextID += 1
                subscribers[nextID] = continuation
                return nextID
            }
            guard let id else {
                continuation.finish()
                return
            }
            continuation.onTermination = { [weak self] _ in
                _ = self?.lock.withLock { self?.subscribers.removeValue(forKey: id) }
            }
        }
    }

    func publish(_ event: LiveEvent) {
        let targets: [AsyncStream<LiveEvent>.Continuation] = lock.withLock {
            switch event {
            case .changed: failure = nil
            case .failed(let text): failure = text
            }
            return Array(subscribers.values)
        }
        for target in targets { target.yield(event) }
    }

    /// Ends every event stream (the server is stopping).
    func finish() {
        let targets: [AsyncStream<LiveEvent>.Continuation] = lock.withLock {
            isFinished = true
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        for target in targets { target.finish() }
    }
}
