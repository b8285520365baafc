/// The viewer's self-contained HTML page: the timeline's payload (``ViewerPayload``), the
/// style sheet and the script inline; nothing is fetched, so it works from `file://`
/// (Docs/viewer.md).
public enum ViewerPage {
    /// The whole page for `timeline`.
    public static func html(_ timeline: SessionTimeline) -> String {
        let title = "Session viewer: " + escape(timeline.name)
        let duration = fixed(timeline.endTime - timeline.startTime, 1)
        let parityNote = timeline.parity == nil ? "" : ", with the app's decision log"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="spatial-eval view">
            <title>\(title)</title>
            <style>
            \(ViewerStyle.css)
            </style>
            </head>
            <body>
            <header>
            <h1>\(title)</h1>
            <p class="sub">\(timeline.frames.count) frames over \(duration) s, \(timeline.instances.count) anchor instances, \
            \(timeline.objects.count) ground-truth objects (ground truth: \(escape(timeline.groundTruth)))\(parityNote). Keys: <kbd>←</kbd>/<kbd>→</kbd> frame, \
            <kbd>[</kbd>/<kbd>]</kbd> or <kbd>p</kbd>/<kbd>n</kbd> event, <kbd>Space</kbd> play/pause, <kbd>Home</kbd>/<kbd>End</kbd>.</p>
            </header>
            <main>
            <section class="controls" aria-label="Time controls">
            <button type="button" id="play" aria-pressed="false">Play</button>
            <button type="button" id="prev-event" title="Previous event ([)">◀◀ event</button>
            <button type="button" id="prev-frame" title="Previous frame (←)">◀ frame</button>
            <button type="button" id="next-frame" title="Next frame (→)">frame ▶</button>
            <button type="button" id="next-event" title="Next event (])">event ▶▶</button>
            <label class="slider">Time <input type="range" id="slider" min="0" max="\(max(0, timeline.frames.count - 1))" step="1" value="0"></label>
            <output id="clock" for="slider" aria-live="off">0.000 s</output>
            <label><input type="checkbox" id="show-rr"> RealityRogue labels</label>
            <label>Speed <select id="speed"><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option><option value="5">5×</option></select></label>
            </section>
            <div class="views">
            <section class="panel" id="plan-panel" aria-labelledby="plan-title">
            <h2 id="plan-title">Plan (top-down, x right, z down)</h2>
            <canvas id="plan" role="img" aria-label="Top-down plan of the room at the current time; the table beside it lists the same anchors."></canvas>
            <ul class="legend" aria-label="Legend">
            <li><span class="key k-fresh" aria-hidden="true">●</span> fresh anchor (re-anchored within \(fixed(timeline.constants.guidance.confirmationWindow, 1)) s)</li>
            <li><span class="key k-stored" aria-hidden="true">○</span> stored anchor</li>
            <li><span class="key k-missing" aria-hidden="true">⊗</span> flagged missing</li>
            <li><span class="key k-blended" aria-hidden="true">◇</span> merged: fed by two or more objects (blended)</li>
            <li><span class="key k-object" aria-hidden="true">□</span> true object (double outline: a twin, dashed: a person); thin line: anchor to its object (the error)</li>
            <li><span class="key k-camera" aria-hidden="true">▲</span> camera, path so far</li>
            <li><span class="key k-rr" aria-hidden="true">■</span> RealityRogue label (when shown)</li>
            </ul>
            </section>
            <section class="panel" id="state-panel" aria-labelledby="state-title">
            <h2 id="state-title">At this time</h2>
            <p id="now-summary"></p>
            <div class="scroll"><table id="anchors"><caption>Anchors and their errors</caption>
            <thead><tr><th scope="col">anchor</th><th scope="col">state</th><th scope="col">object</th><th scope="col">error (m)</th><th scope="col">status</th></tr></thead>
            <tbody></tbody></table></div>
            <h3>Metric events within 1 s</h3>
            <ul id="metrics-now"></ul>
            <h3>Selected event</h3>
            <p id="detail" aria-live="polite">Click an event on the timeline or in the list.</p>
            </section>
            </div>
            <section class="panel" id="timeline-panel" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Timeline</h2>
            <canvas id="timeline" role="img" aria-label="Timeline, one lane per event kind; the event list below holds the same events."></canvas>
            </section>
            <section class="panel" id="parity-panel" aria-labelledby="parity-title" hidden>
            <h2 id="parity-title">App and replicas, decision by decision</h2>
            <p id="parity-summary"></p>
            <div class="sides">
            <div class="scroll"><table id="parity-app"><caption>App</caption><thead><tr><th scope="col">frame</th><th scope="col">kind</th><th scope="col">instance</th><th scope="col">fields</th></tr></thead><tbody></tbody></table></div>
            <div class="scroll"><table id="parity-replica"><caption>Replicas</caption><thead><tr><th scope="col">frame</th><th scope="col">kind</th><th scope="col">instance</th><th scope="col">fields</th></tr></thead><tbody></tbody></table></div>
            </div>
            </section>
            <section class="panel" id="events-panel" aria-labelledby="events-title">
            <h2 id="events-title">Events</h2>
            <p class="sub">Every event but the routine re-anchors (those of a live track and plain EMA steps are on the timeline's re-anchor lane). Activate one to jump to it.</p>
            <ol id="event-list"></ol>
            </section>
            </main>
            <script type="application/json" id="session-data">\(ViewerPayload.json(timeline))</script>
            <script>
            \(ViewerScript.js)
            </script>
            </body>
            </html>

            """
    }

    /// `text` with the HTML special characters escaped.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
