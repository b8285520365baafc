"""Renders report HTML pages in headless Chromium (the system's `chromium`, driven over the
Chrome DevTools Protocol) and checks the layout rules of spec.md#report-layout.

Usage: python check_reports.py --chromium PATH --screenshots DIR REPORT.html...

For each page and each width (390, 1280, 1920 px; 800 px high) it loads the page, records
console errors, exceptions and failed loads, saves a screenshot of the first screen as
DIR/<report folder>-<width>.png (at 1280 px also in the dark scheme, -dark.png), and checks:
  * at 1280 px, the summary (#summary) lies wholly within the first 800 px;
  * with every <details> opened, no element reaches beyond the viewport's width unless it is
    inside a horizontal scroll box, and the page itself does not scroll sideways;
  * every <img> decoded with a size, every <svg> renders with a size;
  * no console error, no uncaught exception, no failed load;
  * with the print style sheet (at 1280 px), no collapsed section stays closed; the page is
    also printed to DIR/<report folder>.pdf.
Prints one line per page and width and exits 1 when any check failed.
"""
import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from websockets.sync.client import connect

WIDTHS = (390, 1280, 1920)
HEIGHT = 800

# Runs in the page; returns the problems found as strings.
SUMMARY_CHECK = r"""
(() => {
  const s = document.getElementById('summary');
  if (!s) return ['no element with id "summary"'];
  const r = s.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight ? [] :
    [`summary spans ${Math.round(r.top)}–${Math.round(r.bottom)} px, not within the first ${window.innerHeight} px`];
})()
"""

# With the print style sheet: every collapsed section's content must take up space.
PRINT_CHECK = r"""
(() => {
  const closed = [...document.querySelectorAll('details:not([open])')];
  const hidden = closed.filter(d => {
    const inner = [...d.children].filter(c => c.tagName.toLowerCase() !== 'summary');
    return inner.length > 0 && inner.every(c => c.getBoundingClientRect().height === 0);
  });
  return hidden.length === 0 ? [] : [`print: ${hidden.length} of ${closed.length} collapsed sections stay closed (e.g. "${hidden[0].querySelector('summary').textContent}")`];
})()
"""

LAYOUT_CHECK = r"""
(() => {
  const problems = [];
  document.querySelectorAll('details').forEach(d => d.open = true);
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1)
    problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${width} px viewport`);
  const inScrollBox = el => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true;
    }
    return false;
  };
  let wide = 0;
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if ((r.right > width + 1 || r.left < -1) && !inScrollBox(el)) {
      if (wide++ < 5) problems.push(`<${el.tagName.toLowerCase()}> ${Math.round(r.left)}–${Math.round(r.right)} px outside a scroll box: ` +
                                    (el.textContent || '').trim().slice(0, 60));
    }
  }
  if (wide > 5) problems.push(`… ${wide - 5} more elements wider than the viewport`);
  document.querySelectorAll('img').forEach(img => {
    if (!img.complete || img.naturalWidth === 0) problems.push(`image did not load: ${img.getAttribute('src')}`);
  });
  let svgs = 0;
  document.querySelectorAll('svg').forEach(svg => {
    if (svg.parentElement.closest('svg')) return;
    svgs++;
    const r = svg.getBoundingClientRect();
    if (r.width < 10 || r.height < 10) problems.push(`SVG not rendered (${Math.round(r.width)}×${Math.round(r.height)} px)`);
  });
  return {problems, svgs, images: document.images.length};
})()
"""


class Browser:
    """One headless Chromium and a CDP session on one page."""

    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="report-browser-")
        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--hide-scrollbars", "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = None
        deadline = time.time() + 60
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                url = m.group(1)
                break
        if url is None:
            self.close()
            raise RuntimeError("chromium did not start a DevTools endpoint")
        self.ws = connect(url, max_size=None, open_timeout=30)
        self.next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable", session=True)

    def call(self, method, params=None, session=False, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        self.ws.send(json.dumps(message))
        deadline = time.time() + timeout
        while True:
            reply = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.time())))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method, timeout=60):
        deadline = time.time() + timeout
        while True:
            for k, event in enumerate(self.events):
                if event["method"] == method:
                    del self.events[k]
                    return event
            self.events.append(json.loads(self.ws.recv(timeout=max(0.1, deadline - time.time()))))

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", {"expression": script, "returnByValue": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"]["value"]

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def errors_in(events):
    """Console errors, uncaught exceptions and failed loads among CDP events."""
    found = []
    for e in events:
        p = e.get("params", {})
        if e["method"] == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            found.append("console error: " + " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
        elif e["method"] == "Runtime.exceptionThrown":
            found.append("exception: " + p.get("exceptionDetails", {}).get("text", ""))
        elif e["method"] == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
            found.append("log error: " + p["entry"].get("text", ""))
        elif e["method"] == "Network.loadingFailed" and not p.get("canceled"):
            found.append("failed load: " + p.get("errorText", ""))
    return found


def check(browser, path, width, screenshots):
    name = os.path.basename(os.path.dirname(os.path.abspath(path))) or "report"
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": width < 600}, session=True)
    browser.events.clear()
    browser.call("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=True)
    browser.wait_for("Page.loadEventFired")
    time.sleep(0.2)
    problems = []
    if width == 1280:
        problems += browser.evaluate(SUMMARY_CHECK)
    shot = browser.call("Page.captureScreenshot", {"format": "png"}, session=True)
    with open(os.path.join(screenshots, f"{name}-{width}.png"), "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    if width == 1280:  # the same first screen in the dark colour scheme, for the eye
        browser.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}, session=True)
        dark = browser.call("Page.captureScreenshot", {"format": "png"}, session=True)
        with open(os.path.join(screenshots, f"{name}-{width}-dark.png"), "wb") as f:
            f.write(base64.b64decode(dark["data"]))
        browser.call("Emulation.setEmulatedMedia", {"features": []}, session=True)
    if width == 1280:  # "save as PDF": the print style sheet opens every section; keep the PDF beside the screenshots
        browser.call("Emulation.setEmulatedMedia", {"media": "print"}, session=True)
        problems += browser.evaluate(PRINT_CHECK)
        browser.call("Emulation.setEmulatedMedia", {"media": ""}, session=True)
        pdf = browser.call("Page.printToPDF", {"printBackground": False}, session=True, timeout=120)
        with open(os.path.join(screenshots, f"{name}.pdf"), "wb") as f:
            f.write(base64.b64decode(pdf["data"]))
    layout = browser.evaluate(LAYOUT_CHECK)
    problems += layout["problems"]
    time.sleep(0.1)
    browser.call("Runtime.evaluate", {"expression": "0"}, session=True)  # collect pending events
    problems += errors_in(browser.events)
    return name, problems, layout["svgs"], layout["images"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("reports", nargs="+")
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    browser = Browser(args.chromium)
    failed = 0
    try:
        for path in args.reports:
            for width in WIDTHS:
                name, problems, svgs, images = check(browser, path, width, args.screenshots)
                status = "ok  " if not problems else "FAIL"
                print(f"{status} {name} at {width} px ({svgs} SVG, {images} images)")
                for p in problems:
                    print(f"     {p}")
                failed += bool(problems)
    finally:
        browser.close()
    total = len(args.reports) * len(WIDTHS)
    print(f"check-reports-browser: {total - failed} of {total} page renderings pass; screenshots in {args.screenshots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
