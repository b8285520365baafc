"""Drives viewer pages (`spatial-eval view`) in headless Chromium over the DevTools protocol and
checks them against the anchors' state the Swift side computed from the replay
(`spatial-eval view --dump-state`), not against anything the page says about itself.

Usage: python check_viewer.py --chromium PATH --screenshots DIR [--timing-only PAGE.html]... PAGE.html=STATE.json...

For each PAGE=STATE pair and each width (390, 1280, 1920 px; 800 px high):
  * moving the slider (its value set and an `input` event sent, as a user's drag does) to each
    sampled frame of STATE draws exactly its anchors: ids, plan positions within 1.5 mm,
    state (fresh, stored, missing), blended, and the error to the true object within 2 mm;
    and the pixel at each fresh anchor's centre on the canvas has the fresh colour;
  * a real mouse click on events of the timeline's lanes jumps to the event's frame and
    shows its details; a click on an item of the event list jumps to its time;
  * keys: → and ← step one frame, ] and [ step to the next and previous event, End and Home;
  * `#t=SECONDS` in the address opens the page at the last frame at or before that time;
  * nothing reaches beyond the viewport outside a scroll box, the page does not scroll
    sideways; no console error, exception or failed load.
A screenshot of each width goes to DIR (at 1280 px also dark, at an incident, and a PDF print).
At 1280 px it prints the time to the first drawn plan (from navigation start) and the redraw
median and 95th percentile over 200 slider positions; --timing-only pages get only that.
Exits 1 when any check failed.
"""
import argparse
import base64
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_reports import LAYOUT_CHECK, Browser, errors_in  # noqa: E402

WIDTHS = (390, 1280, 1920)
HEIGHT = 800


def load(browser, url, width):
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": width < 600}, session=True)
    browser.events.clear()
    browser.call("Page.navigate", {"url": url}, session=True)
    browser.wait_for("Page.loadEventFired", timeout=120)
    deadline = time.time() + 60
    while not browser.evaluate("!!(window.sessionViewer && window.sessionViewer.listReady())"):
        if time.time() > deadline:
            raise RuntimeError("the page never became ready")
        time.sleep(0.05)


def run(browser, script):
    """Runs statements in the page (for their effect)."""
    browser.evaluate(f"(() => {{ {script}; return 0; }})()")


def slide_to(browser, frame):
    run(browser, f"const s = document.getElementById('slider'); s.value = '{frame}'; "
                 "s.dispatchEvent(new Event('input', {bubbles: true}))")


def check_states(browser, state):
    problems, checked = [], 0
    fresh_colour = browser.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--fresh').trim()")
    for sample in state["samples"]:
        slide_to(browser, sample["frame"])
        got = browser.evaluate("({frame: sessionViewer.frame(), drawn: sessionViewer.drawn()})")
        if got["frame"] != sample["frame"]:
            problems.append(f"slider to frame {sample['frame']} shows frame {got['frame']}")
            continue
        drawn = {a["id"]: a for a in got["drawn"]}
        want = {a["id"]: a for a in sample["anchors"]}
        if set(drawn) != set(want):
            problems.append(f"t {sample['t']:.3f}: drawn anchors {sorted(drawn)}, the replay has {sorted(want)}")
            continue
        for i, w in want.items():
            d = drawn[i]
            if abs(d["x"] - w["x"]) > 0.0015 or abs(d["z"] - w["z"]) > 0.0015:
                problems.append(f"t {sample['t']:.3f}: anchor {i} drawn at ({d['x']}, {d['z']}), replay ({w['x']:.4f}, {w['z']:.4f})")
            if d["state"] != w["state"] or d["blended"] != w["blended"]:
                problems.append(f"t {sample['t']:.3f}: anchor {i} drawn {d['state']}{' blended' if d['blended'] else ''}, "
                                f"replay {w['state']}{' blended' if w['blended'] else ''}")
            if (d["error"] is None) != (w["error"] is None) or (d["error"] is not None and abs(d["error"] - w["error"]) > 0.002):
                problems.append(f"t {sample['t']:.3f}: anchor {i} error {d['error']} on the page, {w['error']} from the replay")
            checked += 1
        # The fresh anchors' centres carry the fresh colour on the canvas itself.
        for i, w in want.items():
            if w["state"] != "fresh" or w["blended"]:
                continue
            d = drawn[i]
            overlapped = any(j != i and abs(o["px"] - d["px"]) < 14 and abs(o["py"] - d["py"]) < 14 for j, o in drawn.items())
            if overlapped:
                continue
            pixel = browser.evaluate(
                f"(() => {{ const c = document.getElementById('plan'), r = window.devicePixelRatio || 1; "
                f"return Array.from(c.getContext('2d').getImageData(Math.round({d['px']} * r), Math.round({d['py']} * r), 1, 1).data); }})()")
            if not same_colour(pixel, fresh_colour):
                problems.append(f"t {sample['t']:.3f}: fresh anchor {i} centre pixel {pixel[:3]}, expected {fresh_colour}")
    return problems, checked


def same_colour(pixel, css):
    css = css.lstrip("#")
    want = [int(css[k:k + 2], 16) for k in (0, 2, 4)]
    return all(abs(a - b) <= 40 for a, b in zip(pixel[:3], want))


def click_events(browser):
    problems, clicks = [], 0
    layout = browser.evaluate("sessionViewer.laneLayout()")
    counts = browser.evaluate("sessionViewer.laneCounts()")
    for lane, count in enumerate(counts):
        if count == 0:
            continue
        for k in sorted({0, count // 2, count - 1}):
            # The panels above change height with the time shown: place the timeline afresh for each click.
            run(browser, "document.getElementById('timeline').scrollIntoView({block: 'center'})")
            rect = browser.evaluate("(() => { const r = document.getElementById('timeline').getBoundingClientRect(); return {x: r.left, y: r.top}; })()")
            x = rect["x"] + browser.evaluate(f"sessionViewer.eventX({lane}, {k})")
            y = rect["y"] + lane * layout["laneHeight"] + layout["laneHeight"] / 2
            want = browser.evaluate(f"sessionViewer.laneEvent({lane}, {k})")
            for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
                browser.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}, session=True)
            got = browser.evaluate("({frame: sessionViewer.frame(), selected: sessionViewer.selected(), detail: document.getElementById('detail').textContent})")
            sel = got["selected"]
            # Events closer than the click tolerance may win the click; the page must then be at the chosen one.
            if sel is None or sel["lane"] != lane or got["frame"] != sel["frame"]:
                problems.append(f"click on {layout['lanes'][lane]} event {k}: page at frame {got['frame']}, selected {sel}")
            elif abs(sel["frame"] - want["frame"]) > 0 and abs(browser.evaluate(f"sessionViewer.timeOf({sel['frame']})") - want["time"]) > 0.5:
                problems.append(f"click on {layout['lanes'][lane]} event {k} at frame {want['frame']} jumped to frame {sel['frame']}")
            elif not got["detail"].startswith("t "):
                problems.append(f"click on {layout['lanes'][lane]} event {k}: no details shown ({got['detail'][:40]!r})")
            clicks += 1
    # One item of the event list, activated as a screen reader or keyboard user would.
    result = browser.evaluate("""(() => {
      const b = document.querySelectorAll('#event-list button'); if (!b.length) return null;
      const item = b[Math.floor(b.length / 2)]; item.focus(); item.click();
      return {text: item.textContent, time: sessionViewer.time(), current: item.parentElement.getAttribute('aria-current')};
    })()""")
    if result is not None:
        listed = float(result["text"].split(" s")[0])
        if abs(listed - result["time"]) > 0.0015 or result["current"] != "true":
            problems.append(f"event list item '{result['text'][:50]}' led to t {result['time']:.3f} (aria-current {result['current']})")
        clicks += 1
    return problems, clicks


def key(browser, name, code, keycode, text=None):
    params = {"type": "keyDown", "key": name, "code": code, "windowsVirtualKeyCode": keycode}
    if text:
        params["text"] = text
    browser.call("Input.dispatchKeyEvent", params, session=True)
    browser.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": name, "code": code, "windowsVirtualKeyCode": keycode}, session=True)
    return browser.evaluate("sessionViewer.frame()")


def check_keys(browser):
    problems = []
    n = browser.evaluate("sessionViewer.frameCount")
    notable = browser.evaluate("sessionViewer.notableFrames()")
    run(browser, "document.activeElement && document.activeElement.blur()")
    start = n // 3
    run(browser, f"sessionViewer.setFrame({start})")
    if key(browser, "ArrowRight", "ArrowRight", 39) != start + 1:
        problems.append("→ did not step one frame forward")
    if key(browser, "ArrowLeft", "ArrowLeft", 37) != start:
        problems.append("← did not step one frame back")
    after = [f for f in notable if f > start]
    if after:
        got = key(browser, "]", "BracketRight", 221, "]")
        if got != after[0]:
            problems.append(f"] went to frame {got}, the next event is at frame {after[0]}")
        before = [f for f in notable if f < got]
        if before and key(browser, "[", "BracketLeft", 219, "[") != before[-1]:
            problems.append(f"[ did not go back to the previous event at frame {before[-1]}")
    if key(browser, "End", "End", 35) != n - 1:
        problems.append("End did not go to the last frame")
    if key(browser, "Home", "Home", 36) != 0:
        problems.append("Home did not go to the first frame")
    # The slider itself, focused, steps by one frame too (no double step).
    run(browser, "document.getElementById('slider').focus()")
    if key(browser, "ArrowRight", "ArrowRight", 39) != 1:
        problems.append("→ on the focused slider did not step exactly one frame")
    return problems


def timing(browser):
    first = browser.evaluate("sessionViewer.timings.firstDraw")
    samples = browser.evaluate("""(() => {
      const n = sessionViewer.frameCount, out = [];
      for (let k = 0; k < 200; k++) {
        const p = Math.floor((k * 7919) % n), a = performance.now();
        sessionViewer.setFrame(p); document.body.getBoundingClientRect();
        out.push(performance.now() - a);
      }
      return out;
    })()""")
    samples.sort()
    return first, statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def shoot(browser, path):
    shot = browser.call("Page.captureScreenshot", {"format": "png"}, session=True)
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))


def check_page(browser, page, state, width, screenshots):
    name = os.path.splitext(os.path.basename(page))[0]
    url = "file://" + os.path.abspath(page)
    load(browser, url, width)
    problems = []
    shoot(browser, os.path.join(screenshots, f"{name}-{width}.png"))
    figures = {}
    if width == 1280:
        figures["first"], figures["median"], figures["p95"] = timing(browser)
    state_problems, checked = check_states(browser, state)
    problems += state_problems
    click_problems, clicks = click_events(browser)
    problems += click_problems
    problems += check_keys(browser)
    layout = browser.evaluate(LAYOUT_CHECK)
    problems += layout["problems"]
    if width == 1280:
        browser.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}, session=True)
        time.sleep(0.1)
        run(browser, "window.scrollTo(0, 0)")
        shoot(browser, os.path.join(screenshots, f"{name}-{width}-dark.png"))
        browser.call("Emulation.setEmulatedMedia", {"features": []}, session=True)
        incident = browser.evaluate("""(() => { const c = sessionViewer.laneCounts()[6];
          return c ? sessionViewer.laneEvent(6, 0) : null; })()""")
        if incident:
            run(browser, f"sessionViewer.setFrame({incident['frame']}); window.scrollTo(0, 0)")
            shoot(browser, os.path.join(screenshots, f"{name}-{width}-incident.png"))
        pdf = browser.call("Page.printToPDF", {"printBackground": False}, session=True, timeout=120)
        with open(os.path.join(screenshots, f"{name}.pdf"), "wb") as f:
            f.write(base64.b64decode(pdf["data"]))
        # The address fragment opens the page at a time.
        t = state["samples"][len(state["samples"]) // 2]["t"]
        browser.call("Page.navigate", {"url": "about:blank"}, session=True)
        browser.wait_for("Page.loadEventFired")
        load(browser, f"{url}#t={t:.3f}", width)
        frame = browser.evaluate("sessionViewer.frame()")
        shown = browser.evaluate("sessionViewer.time()")
        after = browser.evaluate(f"sessionViewer.timeOf({frame + 1})")
        if not (round(t, 3) - shown > -1e-9 and after > round(t, 3)):
            problems.append(f"#t={t:.3f} opened frame {frame} (t {browser.evaluate('sessionViewer.time()'):.3f})")
    time.sleep(0.1)
    browser.call("Runtime.evaluate", {"expression": "0"}, session=True)
    problems += errors_in(browser.events)
    return name, problems, checked, clicks, figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--timing-only", action="append", default=[])
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    browser = Browser(args.chromium)
    failed = total = 0
    try:
        for pair in args.pages:
            page, state_path = pair.split("=", 1)
            with open(state_path) as f:
                state = json.load(f)
            size = os.path.getsize(page) / 1024
            for width in WIDTHS:
                name, problems, checked, clicks, figures = check_page(browser, page, state, width, args.screenshots)
                total += 1
                status = "ok  " if not problems else "FAIL"
                extra = ""
                if figures:
                    extra = (f"; {size:.0f} KB; first draw {figures['first']:.0f} ms, "
                             f"redraw median {figures['median']:.1f} ms, p95 {figures['p95']:.1f} ms")
                print(f"{status} {name} at {width} px: {checked} anchor states checked at {len(state['samples'])} times, "
                      f"{clicks} clicks, keys{extra}")
                for p in problems[:12]:
                    print(f"     {p}")
                failed += bool(problems)
        for page in args.timing_only:
            name = os.path.splitext(os.path.basename(page))[0]
            load(browser, "file://" + os.path.abspath(page), 1280)
            first, median, p95 = timing(browser)
            frames = browser.evaluate("sessionViewer.frameCount")
            problems = errors_in(browser.events)
            budget = first < 2000 and median < 50
            status = "ok  " if budget and not problems else "FAIL"
            print(f"{status} {name} at 1280 px ({frames} frames, {os.path.getsize(page) / 1024:.0f} KB): first draw {first:.0f} ms "
                  f"(budget 2000), redraw median {median:.1f} ms, p95 {p95:.1f} ms (budget 50)")
            for p in problems[:12]:
                print(f"     {p}")
            total += 1
            failed += (not budget) or bool(problems)
    finally:
        browser.close()
    print(f"check-viewer-browser: {total - failed} of {total} page checks pass; screenshots in {args.screenshots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
