/// The viewer page's style sheet: the reports' light and dark schemes, a colour-vision-safe
/// palette (Okabe–Ito), and a print layout without the controls.
enum ViewerStyle {
    static let css = """
        :root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #555; --rule: #c8c8c8; --head: #f1f3f5; --panel: #f6f8fa; --link: #0b57d0;
          --fresh: #0072B2; --stored: #56B4E9; --missing: #D55E00; --blended: #CC79A7; --green: #009E73; --amber: #E69F00; --object: #555555; --camera: #1b1b1b; --rr: #8a6d00; --grid: #e4e4e4; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6e6e6; --bg: #16181b; --muted: #a8a8a8; --rule: #444; --head: #23262b; --panel: #1e2126; --link: #8ab4f8;
          --fresh: #56B4E9; --stored: #9ccfee; --missing: #ff8a3d; --blended: #e8a3cc; --green: #2fc79a; --amber: #f0b429; --object: #b8b8b8; --camera: #f0f0f0; --rr: #F0E442; --grid: #2a2d32; } }
        * { box-sizing: border-box; }
        body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.4; color: var(--fg); background: var(--bg); max-width: 1800px; margin: 0 auto; padding: 0.75em; overflow-wrap: anywhere; }
        h1 { font-size: 1.4em; margin: 0.2em 0 0.3em; } h2 { font-size: 1.1em; margin: 0.2em 0 0.4em; } h3 { font-size: 1em; margin: 0.8em 0 0.3em; }
        .sub { color: var(--muted); margin: 0.3em 0; }
        kbd { border: 1px solid var(--rule); border-radius: 3px; padding: 0 4px; font-size: 0.9em; background: var(--head); }
        .controls { display: flex; flex-wrap: wrap; gap: 0.4em 0.6em; align-items: center; margin: 0.5em 0; position: sticky; top: 0; background: var(--bg); padding: 0.4em 0; z-index: 2; border-bottom: 1px solid var(--rule); }
        .controls button, .controls select { font: inherit; padding: 2px 8px; color: var(--fg); background: var(--head); border: 1px solid var(--rule); border-radius: 4px; }
        .controls label { white-space: nowrap; }
        .controls .slider { display: flex; align-items: center; gap: 0.4em; flex: 1 1 220px; min-width: 0; }
        .controls input[type=range] { flex: 1 1 auto; min-width: 0; width: 100%; }
        #clock { font-variant-numeric: tabular-nums; min-width: 12ch; }
        .views { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.75em; }
        @media (min-width: 1000px) { .views { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); } }
        .panel { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px; padding: 0.6em; margin: 0.6em 0; min-width: 0; }
        .views .panel { margin: 0; }
        canvas { display: block; width: 100%; max-width: 100%; }
        #timeline { cursor: pointer; }
        .legend { list-style: none; padding: 0; margin: 0.4em 0 0; display: flex; flex-wrap: wrap; gap: 0.2em 1em; font-size: 0.85em; color: var(--muted); }
        .key { font-weight: bold; } .k-fresh { color: var(--fresh); } .k-stored { color: var(--stored); } .k-missing { color: var(--missing); }
        .k-blended { color: var(--blended); } .k-object { color: var(--object); } .k-camera { color: var(--camera); } .k-rr { color: var(--rr); }
        .scroll { max-width: 100%; overflow-x: auto; }
        table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.85em; width: 100%; }
        caption { text-align: left; font-weight: 600; padding: 2px 0; }
        th, td { border: 1px solid var(--rule); padding: 1px 6px; text-align: left; overflow-wrap: normal; }
        th { background: var(--head); }
        td.num { text-align: right; }
        tr.selected td { outline: 2px solid var(--fresh); outline-offset: -2px; }
        tr.diverge td { background: color-mix(in srgb, var(--missing) 22%, transparent); }
        .state-missing { color: var(--missing); } .state-fresh { color: var(--fresh); } .state-stored { color: var(--muted); }
        .harm { color: var(--missing); font-weight: 600; }
        #detail { white-space: pre-line; }
        #event-list { max-height: 24em; overflow-y: auto; padding-left: 3.2em; margin: 0; font-size: 0.9em; }
        #event-list button { font: inherit; text-align: left; background: none; border: 0; color: var(--link); padding: 1px 2px; cursor: pointer; }
        #event-list li[aria-current="true"] button { font-weight: 700; color: var(--fg); background: var(--head); }
        .sides { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.6em; }
        @media (min-width: 800px) { .sides { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
        @media print {
          :root { color-scheme: light; --fg: #000; --bg: #fff; --muted: #333; --rule: #999; --head: #eee; --panel: #fff; --camera: #000; --grid: #ddd; }
          body { max-width: none; padding: 0; font-size: 9pt; }
          .controls { display: none; }
          .views { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
          .panel { break-inside: avoid; border-color: #999; }
          #event-list { max-height: none; overflow: visible; }
          #event-list button { color: #000; }
        }
        """
}
