/// The viewer page's script: reads the payload, draws the plan and the timeline on canvases,
/// keeps the anchors table, the event list and the parity tables in step with the slider.
/// `window.sessionViewer` exposes the current frame and what was drawn, for the browser test.
enum ViewerScript {
    static let js = #"""
(function () {
"use strict";
const D = JSON.parse(document.getElementById("session-data").textContent);
const $ = (id) => document.getElementById(id);
if (D.v !== 1) { $("detail").textContent = "Unsupported payload version " + D.v; return; }
const K = D.k;
const LANES = [
  ["merge", "merges"], ["reanchor", "re-anchors"], ["absence", "absence"], ["lock", "lock-ons"],
  ["arrival", "arrivals"], ["guidance", "guidance"], ["metric", "metric events"], ["parity", "parity"]];

// ---- clock: frame position -> time and frame number
const runStart = []; let N = 0;
for (const r of D.clock) { runStart.push(N); N += r[2]; }
function runOf(p) { let lo = 0, hi = D.clock.length - 1; while (lo < hi) { const m = (lo + hi + 1) >> 1; if (runStart[m] <= p) lo = m; else hi = m - 1; } return lo; }
function timeOf(p) { if (N === 0) return 0; const r = runOf(p); const c = D.clock[r]; return c[0] + (p - runStart[r]) * c[1]; }
function numberOf(p) { if (N === 0) return 0; const r = runOf(p); return D.clock[r][3] + (p - runStart[r]); }
function frameAt(t) {
  if (N === 0) return 0;
  let lo = 0, hi = D.clock.length - 1;
  while (lo < hi) { const m = (lo + hi + 1) >> 1; if (D.clock[m][0] <= t + 1e-9) lo = m; else hi = m - 1; }
  const c = D.clock[lo];
  let k = c[1] > 0 ? Math.floor((t - c[0]) / c[1] + 1e-6) : 0;
  k = Math.max(0, Math.min(c[2] - 1, k));
  return runStart[lo] + k;
}
const T0 = timeOf(0), T1 = timeOf(Math.max(0, N - 1));

// ---- data indexes
const U = D.up, nU = U.f.length;
const byInst = D.inst.map(() => []);
for (let k = 0; k < nU; k++) byInst[U.i[k]].push(k);
const instLabel = (i) => "#" + i + " " + D.inst[i][1];
const objects = new Map(D.objects.map((o) => [o[0], { id: o[0], label: o[1], ex: o[2], ey: o[3], ez: o[4], person: o[5] === 1, twin: o[6] }]));
const objLabel = (id) => id === null || id === undefined ? "none" : ("object " + id + (objects.has(id) ? " (" + objects.get(id).label + ")" : ""));
const placementsOf = new Map();
for (const p of D.placements) { if (!placementsOf.has(p[0])) placementsOf.set(p[0], []); placementsOf.get(p[0]).push(p); }
for (const list of placementsOf.values()) list.sort((a, b) => a[1] - b[1]);
function truePos(object, t) {
  const list = placementsOf.get(object); if (!list) return null;
  for (const p of list) if (p[1] <= t && (p[2] === null || t < p[2])) return p;
  return null;
}
const flipsOf = D.inst.map(() => []);
for (const e of D.ev) if (e[0] === 2 && e[4] === "flip" && e[3] !== null) flipsOf[e[3]].push([e[1], e[6], e[5] === 1]);
for (const l of flipsOf) l.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
function lastAtOrBefore(list, p, key) { let lo = 0, hi = list.length - 1, best = -1; while (lo <= hi) { const m = (lo + hi) >> 1; if (key(list[m]) <= p) { best = m; lo = m + 1; } else hi = m - 1; } return best; }

// Notable events: everything in D.ev, plus creations, merges, snaps and clamped steps.
// ref >= 0: index into D.ev; ref < 0: update -ref-1.
const laneEvents = LANES.map(() => []);
const notable = [];
for (let k = 0; k < nU; k++) {
  const kind = U.k[k], match = U.m[k];
  if (kind === 0 || match >= 2) laneEvents[0].push({ f: U.f[k], ref: -k - 1 });
  if (kind !== 0) laneEvents[1].push({ f: U.f[k], ref: -k - 1 });
  if (kind === 0 || match >= 2 || kind === 2 || kind === 3) notable.push({ f: U.f[k], ref: -k - 1 });
}
D.ev.forEach((e, k) => { laneEvents[e[0]].push({ f: e[1], ref: k }); notable.push({ f: e[1], ref: k }); });
notable.sort((a, b) => a.f - b.f || (a.ref < 0 ? 0 : 1) - (b.ref < 0 ? 0 : 1) || Math.abs(a.ref) - Math.abs(b.ref));

// ---- formatting
const f3 = (x) => x === null || x === undefined ? "—" : x.toFixed(3);
const f2 = (x) => x === null || x === undefined ? "—" : x.toFixed(2);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const KIND = ["create", "ema", "clamped", "snap", "follow"], MATCH = [null, "same track", "near cosine", "near, no embedding", "far cosine"];
function eventTime(ev) { return ev.ref < 0 ? timeOf(U.f[-ev.ref - 1]) : D.ev[ev.ref][2]; }
function describe(ev) {
  const head = "t " + eventTime(ev).toFixed(3) + " s, frame " + numberOf(ev.f) + ": ";
  if (ev.ref < 0) {
    const k = -ev.ref - 1, i = U.i[k], kind = U.k[k], m = U.m[k], g = U.g[k], c = U.c[k], seen = U.o[k], inst = D.inst[i];
    const seenText = " The detection saw " + objLabel(seen) + "; the instance stands for " + objLabel(inst[2]) + (seen !== null && inst[2] !== null && seen !== inst[2] ? " — another object (blending)." : ".");
    if (kind === 0) return head + "new instance " + instLabel(i) + " at (" + f2(U.x[k]) + ", " + f2(U.z[k]) + "): no instance admitted the observation." + seenText;
    let text = head;
    if (m === 2) text += "merged into " + instLabel(i) + " by the near band: distance " + f3(g) + " m ≤ near radius " + K.nearRadius + " m, cosine " + f3(c) + " ≥ " + K.nearCosine + ". ";
    else if (m === 3) text += "merged into " + instLabel(i) + " by the near band without embedding: distance " + f3(g) + " m ≤ near radius " + K.nearRadius + " m. ";
    else if (m === 4) text += "merged into " + instLabel(i) + " by the far band: distance " + f3(g) + " m ≤ veto " + K.farRadius + " m, cosine " + f3(c) + " ≥ far cosine " + K.farCosine + ". ";
    else text += "re-anchor of " + instLabel(i) + " (same live track). ";
    const step = K.emaWeight * g;
    if (kind === 1) text += "EMA step α·gap = " + K.emaWeight + " × " + f3(g) + " = " + f3(step) + " m ≤ clamp " + K.stepClamp + " m.";
    else if (kind === 2) text += "EMA step α·gap = " + f3(step) + " m > clamp " + K.stepClamp + " m: clamped to " + K.stepClamp + " m.";
    else if (kind === 3) text += "Consensus snap: raw gap " + f3(g) + " m; the last raw positions lie ≥ " + K.consensusMinDistance + " m from the anchor and within " + K.consensusAgreement + " m of each other.";
    else if (kind === 4) text += "Same live track follows: unclamped EMA step " + f3(step) + " m (gap " + f3(g) + " m).";
    return text + seenText;
  }
  const e = D.ev[ev.ref], type = e[4], who = e[3] !== null && e[3] !== undefined && D.inst[e[3]] ? instLabel(e[3]) : "";
  switch (type) {
    case "sample": return head + "absent look at " + who + " counted: " + e[5] + " of " + K.absentSamples + " samples (≥ " + K.minSampleSpacing + " s apart).";
    case "flip": return head + (e[5] === 1 ? who + " flagged missing: " + K.absentSamples + " absent samples ≥ " + K.minSampleSpacing + " s apart." : who + " back from missing: " + (e[6] === 1 ? "a same-label box covered the spot." : "the instance was re-anchored."));
    case "lock-instance": case "lock-class": {
      let text = head + "lock-on onto " + who + " by the " + (type === "lock-instance" ? "instance branch (the target's own instance, ungated)" : "class branch") + ": observation " + f3(e[5]) + " m from where the target pointed";
      if (type === "lock-class") text += " ≤ lock-on radius " + K.lockOnRadius + " m" + (e[6] === null ? ", no appearance on one side" : ", appearance cosine " + f3(e[6]) + " ≥ " + K.lockOnCosine);
      return text + ". " + (e[7] === 1 ? "An instance of the requested object." : "NOT an instance of the requested object: a wrong-target lock.");
    }
    case "none": return head + "reticle off: camera " + f3(e[5]) + " m from the target > departure radius " + K.departureRadius + " m.";
    case "amber": return head + "reticle amber: camera " + f3(e[5]) + " m ≤ arrival radius " + K.arrivalRadius + " m, " + (e[6] === null ? "no lock yet" : "latest lock " + f2(e[6]) + " s ago > " + K.confirmationWindow + " s") + ". Requested object within " + K.departureRadius + " m: " + (e[7] === 1 ? "yes" : "no") + ".";
    case "green": return head + "reticle green: camera " + f3(e[5]) + " m ≤ arrival radius " + K.arrivalRadius + " m, latest lock " + f2(e[6]) + " s ago ≤ " + K.confirmationWindow + " s. Requested object within " + K.departureRadius + " m: " + (e[7] === 1 ? "yes" : "NO — green over empty space") + ".";
    case "request": return head + "guidance request " + e[5] + " for " + objLabel(e[6]) + " until " + f3(e[7]) + " s; start instance " + (e[8] === null ? "none (not in memory)" : instLabel(e[8])) + "; verdict " + e[9] + ".";
    case "suggestion": return head + "suggestion card: " + who + " mapped " + f2(e[5]) + " m from the camera; its object is there: " + (e[6] === 1 ? "yes" : "no") + ".";
    case "false_missing": return head + "FALSE MISSING: " + who + " flagged missing while " + objLabel(e[5]) + " stood within 0.5 m of its anchor.";
    case "correct_missing": return head + "correct missing flag on " + who + " (" + objLabel(e[5]) + " gone or moved).";
    case "missed_removal": return head + "MISSED " + (e[6] === 1 ? "MOVE" : "REMOVAL") + ": " + objLabel(e[5]) + " left its place and no flag found it.";
    case "found_removal": return head + (e[6] === 1 ? "move" : "removal") + " of " + objLabel(e[5]) + " found after " + f2(e[7]) + " s.";
    case "wrong_target": return head + "WRONG-TARGET LOCK during request " + e[5] + ": the lock went to " + who + ", which stands for " + objLabel(e[6]) + ".";
    case "empty_green": return head + "GREEN OVER EMPTY SPACE during request " + e[5] + ".";
    case "blended": return head + "BLENDED: " + who + " has now been fed by two objects.";
    case "duplicate": return head + "DUPLICATE: " + who + " is a second instance of " + objLabel(e[5]) + ".";
    case "divergence": return head + "parity's first divergence, " + e[5] + ": " + e[6] + ".";
  }
  return head + type;
}
const HARM = new Set(["false_missing", "missed_removal", "wrong_target", "empty_green", "blended", "duplicate", "divergence"]);
function shortText(ev) {
  if (ev.ref < 0) { const k = -ev.ref - 1; return (U.k[k] === 0 ? "new " : U.m[k] >= 2 ? "merge (" + MATCH[U.m[k]] + ") " : KIND[U.k[k]] + " ") + instLabel(U.i[k]) + (U.g[k] !== null ? ", gap " + f2(U.g[k]) + " m" : ""); }
  const e = D.ev[ev.ref]; const who = e[3] !== null && D.inst[e[3]] ? " " + instLabel(e[3]) : "";
  return LANES[e[0]][1] + ": " + e[4].replace("_", " ") + who;
}

// ---- state at a frame (Docs/viewer.md#states)
function stateAt(p) {
  const t = timeOf(p), out = [];
  for (let i = 0; i < D.inst.length; i++) {
    const list = byInst[i]; const j = lastAtOrBefore(list, p, (k) => U.f[k]); if (j < 0) continue;
    const k = list[j], fl = flipsOf[i], q = lastAtOrBefore(fl, p, (x) => x[0]);
    const missing = q >= 0 && fl[q][2];
    const fresh = t - timeOf(U.f[k]) <= K.confirmationWindow + 1e-6;
    const inst = D.inst[i];
    const blended = inst[3] !== null && inst[3] <= p, duplicate = inst[4] !== null && inst[4] <= p;
    let error = null, truth = null;
    if (inst[2] !== null) { truth = truePos(inst[2], t); if (truth) error = Math.hypot(U.x[k] - truth[3], U.y[k] - truth[4], U.z[k] - truth[5]); }
    out.push({ id: i, label: inst[1], x: U.x[k], y: U.y[k], z: U.z[k], state: missing ? "missing" : fresh ? "fresh" : "stored", blended, duplicate, object: inst[2], error, truth });
  }
  return out;
}

// ---- plan geometry
let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
const grow = (x, z) => { if (x === null || z === null) return; minX = Math.min(minX, x); maxX = Math.max(maxX, x); minZ = Math.min(minZ, z); maxZ = Math.max(maxZ, z); };
for (const p of D.placements) grow(p[3], p[5]);
for (const s of D.path) grow(s[1], s[3]);
for (let k = 0; k < nU; k++) grow(U.x[k], U.z[k]);
if (!isFinite(minX)) { minX = -1; maxX = 1; minZ = -1; maxZ = 1; }
minX -= 0.5; maxX += 0.5; minZ -= 0.5; maxZ += 0.5;
const plan = $("plan"), pctx = plan.getContext("2d");
const tl = $("timeline"), tctx = tl.getContext("2d");
let scale = 1, planW = 0, planH = 0, dpr = 1;
const sx = (x) => (x - minX) * scale, sz = (z) => (z - minZ) * scale;
function css(name) { return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || "#888"; }
let C = {};
function readColours() { C = { fg: css("--fg"), muted: css("--muted"), rule: css("--rule"), grid: css("--grid"), fresh: css("--fresh"), stored: css("--stored"), missing: css("--missing"), blended: css("--blended"), green: css("--green"), amber: css("--amber"), object: css("--object"), camera: css("--camera"), rr: css("--rr"), bg: css("--bg") }; }
function sizeCanvases() {
  dpr = window.devicePixelRatio || 1;
  const w = Math.max(100, plan.parentElement.clientWidth - 2);
  const aspect = (maxZ - minZ) / (maxX - minX);
  const h = Math.max(220, Math.min(Math.round(w * aspect), Math.round(window.innerHeight * 0.75) || 700));
  scale = Math.min(w / (maxX - minX), h / (maxZ - minZ));
  planW = w; planH = Math.round((maxZ - minZ) * scale);
  plan.width = Math.round(w * dpr); plan.height = Math.round(planH * dpr); plan.style.height = planH + "px";
  const tw = Math.max(100, tl.parentElement.clientWidth - 2);
  tl.width = Math.round(tw * dpr); tl.height = Math.round(TL_H * dpr); tl.style.height = TL_H + "px";
  buildTimelineLayer(tw);
}

// ---- timeline
const LABEL_W = 96, LANE_H = 22, AXIS_H = 22, TL_H = LANES.length * LANE_H + AXIS_H;
let tlLayer = null, tlW = 0;
const tx = (t) => LABEL_W + (T1 > T0 ? (t - T0) / (T1 - T0) : 0) * (tlW - LABEL_W - 8);
function shape(ctx, kind, x, y, r, colour, filled) {
  ctx.beginPath();
  if (kind === "circle") ctx.arc(x, y, r, 0, 2 * Math.PI);
  else if (kind === "square") ctx.rect(x - r, y - r, 2 * r, 2 * r);
  else if (kind === "diamond") { ctx.moveTo(x, y - r - 1); ctx.lineTo(x + r + 1, y); ctx.lineTo(x, y + r + 1); ctx.lineTo(x - r - 1, y); ctx.closePath(); }
  else if (kind === "triangle") { ctx.moveTo(x, y - r - 1); ctx.lineTo(x + r + 1, y + r); ctx.lineTo(x - r - 1, y + r); ctx.closePath(); }
  else if (kind === "cross") { ctx.moveTo(x - r, y - r); ctx.lineTo(x + r, y + r); ctx.moveTo(x + r, y - r); ctx.lineTo(x - r, y + r); ctx.strokeStyle = colour; ctx.lineWidth = 2; ctx.stroke(); ctx.lineWidth = 1; return; }
  if (filled) { ctx.fillStyle = colour; ctx.fill(); } else { ctx.strokeStyle = colour; ctx.lineWidth = 1.5; ctx.stroke(); ctx.lineWidth = 1; }
}
function markerOf(ev) {
  if (ev.ref < 0) {
    const k = -ev.ref - 1;
    if (U.k[k] === 0) return ["circle", C.fresh, false];
    if (U.m[k] >= 2 && ev.lane === 0) return ["diamond", U.o[k] !== null && D.inst[U.i[k]][2] !== null && U.o[k] !== D.inst[U.i[k]][2] ? C.missing : C.fresh, true];
    return ["tick", U.k[k] === 3 ? C.missing : U.k[k] === 2 ? C.amber : C.stored, true];
  }
  const e = D.ev[ev.ref];
  switch (e[4]) {
    case "sample": return ["circle", C.muted, false];
    case "flip": return e[5] === 1 ? ["cross", C.missing, true] : ["triangle", C.green, false];
    case "lock-instance": case "lock-class": return e[7] === 1 ? ["triangle", C.fresh, true] : ["cross", C.missing, true];
    case "green": return ["circle", C.green, true];
    case "amber": return ["square", C.amber, false];
    case "none": return ["square", C.muted, false];
    case "request": return ["span", C.fresh, true];
    case "suggestion": return ["square", C.blended, false];
    case "divergence": return ["bar", C.blended, true];
    default: return HARM.has(e[4]) ? ["cross", C.missing, true] : ["circle", C.green, false];
  }
}
function buildTimelineLayer(w) {
  tlW = w;
  tlLayer = document.createElement("canvas");
  tlLayer.width = Math.round(w * dpr); tlLayer.height = Math.round(TL_H * dpr);
  const c = tlLayer.getContext("2d"); c.scale(dpr, dpr);
  c.font = "12px system-ui, sans-serif"; c.textBaseline = "middle";
  LANES.forEach((lane, r) => {
    const y = r * LANE_H;
    c.fillStyle = r % 2 ? "rgba(127,127,127,0.07)" : "rgba(127,127,127,0.0)"; c.fillRect(0, y, w, LANE_H);
    c.fillStyle = C.fg; c.fillText(lane[1] + " (" + laneEvents[r].length + ")", 4, y + LANE_H / 2);
    const mid = y + LANE_H / 2;
    for (const ev of laneEvents[r]) {
      ev.lane = r;
      const [kind, colour, filled] = markerOf(ev), x = tx(eventTime(ev));
      if (kind === "tick") { const g = U.g[-ev.ref - 1] || 0, hgt = Math.max(2, Math.min(1, g) * (LANE_H - 4)); c.fillStyle = colour; c.fillRect(x - 0.5, y + LANE_H - 2 - hgt, 1.5, hgt); }
      else if (kind === "span") { const e = D.ev[ev.ref]; c.fillStyle = colour; c.globalAlpha = 0.35; c.fillRect(x, y + 5, Math.max(2, tx(e[7]) - x), LANE_H - 10); c.globalAlpha = 1; c.fillRect(x - 1, y + 3, 2, LANE_H - 6); }
      else if (kind === "bar") { c.fillStyle = colour; c.fillRect(x - 1.5, 0, 3, LANES.length * LANE_H); }
      else shape(c, kind, x, mid, 4, colour, filled);
    }
  });
  const axisY = LANES.length * LANE_H;
  c.strokeStyle = C.rule; c.beginPath(); c.moveTo(LABEL_W, axisY + 0.5); c.lineTo(w - 8, axisY + 0.5); c.stroke();
  const span = Math.max(1e-9, T1 - T0), target = (w - LABEL_W) / 90;
  let stepT = Math.pow(10, Math.floor(Math.log10(span / Math.max(1, target))));
  for (const m of [1, 2, 5, 10]) if (span / (stepT * m) <= target) { stepT *= m; break; }
  c.fillStyle = C.muted; c.textAlign = "center";
  for (let t = Math.ceil(T0 / stepT) * stepT; t <= T1 + 1e-9; t += stepT) { const x = tx(t); c.fillRect(x, axisY, 1, 4); c.fillText(t.toFixed(stepT < 1 ? 1 : 0) + " s", x, axisY + 13); }
  c.textAlign = "left";
}
function drawTimeline(p) {
  tctx.setTransform(1, 0, 0, 1, 0, 0);
  tctx.clearRect(0, 0, tl.width, tl.height);
  tctx.drawImage(tlLayer, 0, 0);
  tctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const x = tx(timeOf(p));
  tctx.fillStyle = C.fg; tctx.fillRect(x - 1, 0, 2, LANES.length * LANE_H + 4);
  if (selected) { const sxp = tx(eventTime(selected)); tctx.strokeStyle = C.fg; tctx.strokeRect(sxp - 6, selected.lane * LANE_H + 2, 12, LANE_H - 4); }
}

// ---- plan drawing
let drawn = [];
function drawPlan(p) {
  const t = timeOf(p), c = pctx;
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
  c.clearRect(0, 0, planW, planH);
  c.strokeStyle = C.grid; c.lineWidth = 1; c.beginPath();
  for (let gx = Math.ceil(minX); gx <= maxX; gx++) { c.moveTo(sx(gx) + 0.5, 0); c.lineTo(sx(gx) + 0.5, planH); }
  for (let gz = Math.ceil(minZ); gz <= maxZ; gz++) { c.moveTo(0, sz(gz) + 0.5); c.lineTo(planW, sz(gz) + 0.5); }
  c.stroke();
  c.font = "11px system-ui, sans-serif"; c.textBaseline = "top";
  for (const o of objects.values()) {
    const pl = truePos(o.id, t); if (!pl) continue;
    const x = sx(pl[3]), y = sz(pl[5]), hw = Math.max(3, o.ex * scale / 2), hd = Math.max(3, o.ez * scale / 2);
    c.strokeStyle = C.object; c.lineWidth = 1.5; c.setLineDash(o.person ? [3, 3] : []); c.strokeRect(x - hw, y - hd, 2 * hw, 2 * hd); c.setLineDash([]);
    if (o.twin !== null) { c.strokeRect(x - hw - 3, y - hd - 3, 2 * hw + 6, 2 * hd + 6); }
    c.fillStyle = C.object; c.fillText(o.id + " " + o.label + (o.twin !== null ? " (twin " + o.twin + ")" : ""), x + hw + 4, y - hd);
  }
  // camera path up to now (thinned), then the current position
  const path = D.path; let last = lastAtOrBefore(path, p, (s) => s[0]);
  if (last >= 0) {
    c.strokeStyle = C.camera; c.globalAlpha = 0.55; c.lineWidth = 1.2; c.beginPath(); c.moveTo(sx(path[0][1]), sz(path[0][3]));
    for (let k = 1; k <= last; k++) c.lineTo(sx(path[k][1]), sz(path[k][3]));
    let cam = path[last], heading = cam[4], cx = cam[1], cz = cam[3];
    if (last + 1 < path.length && path[last][0] < p) {
      const a = path[last], b = path[last + 1], u = (p - a[0]) / (b[0] - a[0]);
      cx = a[1] + u * (b[1] - a[1]); cz = a[3] + u * (b[3] - a[3]);
      heading = Math.atan2(Math.sin(a[4]) * (1 - u) + Math.sin(b[4]) * u, Math.cos(a[4]) * (1 - u) + Math.cos(b[4]) * u);
    }
    c.lineTo(sx(cx), sz(cz)); c.stroke(); c.globalAlpha = 1;
    const X = sx(cx), Y = sz(cz), dx = Math.cos(heading), dy = Math.sin(heading);
    c.fillStyle = C.camera; c.beginPath(); c.moveTo(X + dx * 11, Y + dy * 11); c.lineTo(X - dx * 5 - dy * 6, Y - dy * 5 + dx * 6); c.lineTo(X - dx * 5 + dy * 6, Y - dy * 5 - dx * 6); c.closePath(); c.fill();
  }
  if ($("show-rr").checked) drawSecondPolicy(p);
  const states = stateAt(p);
  for (const a of states) if (a.truth) { c.strokeStyle = a.blended ? C.blended : C.muted; c.lineWidth = 1; c.beginPath(); c.moveTo(sx(a.x), sz(a.z)); c.lineTo(sx(a.truth[3]), sz(a.truth[5])); c.stroke(); }
  drawn = [];
  for (const a of states) {
    const X = sx(a.x), Y = sz(a.z), r = 5.5, sel = selectedInstance === a.id;
    if (a.blended) shape(c, "diamond", X, Y, r + 4, C.blended, false);
    if (a.state === "fresh") shape(c, "circle", X, Y, r, C.fresh, true);
    else if (a.state === "stored") { shape(c, "circle", X, Y, r, C.bg, true); shape(c, "circle", X, Y, r, C.stored, false); }
    else { shape(c, "circle", X, Y, r, C.bg, true); shape(c, "circle", X, Y, r, C.missing, false); shape(c, "cross", X, Y, r - 1.5, C.missing, true); }
    if (sel) { c.strokeStyle = C.fg; c.lineWidth = 2; c.beginPath(); c.arc(X, Y, r + 7, 0, 2 * Math.PI); c.stroke(); c.lineWidth = 1; }
    c.fillStyle = C.fg; c.fillText("#" + a.id, X + r + 2, Y + 2);
    drawn.push({ id: a.id, x: a.x, y: a.y, z: a.z, state: a.state, blended: a.blended, error: a.error, px: X, py: Y });
  }
  return states;
}
const rrByAnchor = new Map();
for (const s of D.rr) { if (!rrByAnchor.has(s[1])) rrByAnchor.set(s[1], []); rrByAnchor.get(s[1]).push(s); }
function drawSecondPolicy(p) {
  const c = pctx;
  for (const steps of rrByAnchor.values()) {
    const j = lastAtOrBefore(steps, p, (s) => s[0]); if (j < 0) continue;
    const s = steps[j]; if (s[3] === "expire") continue;
    let confirmed = false; for (let q = 0; q <= j; q++) if (steps[q][3] === "confirm") confirmed = true;
    if (!confirmed) continue;
    const X = sx(s[4]), Y = sz(s[5]);
    c.fillStyle = C.rr; c.fillRect(X - 3, Y - 3, 6, 6);
    c.fillText("RR " + s[2], X + 5, Y - 12);
  }
}

// ---- panels
function renderState(p, states) {
  const t = timeOf(p);
  $("clock").textContent = t.toFixed(3) + " s · frame " + numberOf(p);
  const fresh = states.filter((a) => a.state === "fresh").length, missing = states.filter((a) => a.state === "missing").length;
  $("now-summary").textContent = states.length + " anchors in memory: " + fresh + " fresh, " + (states.length - fresh - missing) + " stored, " + missing + " missing.";
  let rows = "";
  for (const a of states) {
    const status = [a.blended ? "blended" : "", a.duplicate ? "duplicate" : ""].filter(Boolean).join(", ");
    const glyph = a.state === "fresh" ? "●" : a.state === "stored" ? "○" : "⊗";
    rows += "<tr" + (selectedInstance === a.id ? ' class="selected"' : "") + "><td>" + esc(instLabel(a.id)) + "</td><td class=\"state-" + a.state + "\"><span aria-hidden=\"true\">" + glyph + "</span> " + a.state + "</td><td>" + esc(objLabel(a.object)) + "</td><td class=\"num\">" + f3(a.error) + "</td><td" + (status ? ' class="harm"' : "") + ">" + (status || "—") + "</td></tr>";
  }
  document.querySelector("#anchors tbody").innerHTML = rows;
  let items = "";
  for (const e of metricNear(t)) items += "<li" + (HARM.has(D.ev[e.ref][4]) ? ' class="harm"' : "") + ">" + esc(describe(e)) + "</li>";
  $("metrics-now").innerHTML = items || "<li>none</li>";
  if (D.parity) renderParity(p);
}
const metricList = laneEvents[6];
function metricNear(t) { return metricList.filter((e) => Math.abs(D.ev[e.ref][2] - t) <= 1); }
function renderParity(p) {
  const P = D.parity;
  for (const [side, id] of [[P.app, "parity-app"], [P.replica, "parity-replica"]]) {
    const j = lastAtOrBefore(side, p, (d) => d[0]);
    let rows = "";
    for (let k = Math.max(0, j - 9); k <= j; k++) { const d = side[k]; rows += "<tr" + (P.first !== null && d[0] === P.first ? ' class="diverge"' : "") + "><td class=\"num\">" + numberOf(d[0]) + "</td><td>" + esc(d[1]) + "</td><td>" + esc(d[2]) + "</td><td>" + esc(d[3]) + "</td></tr>"; }
    document.querySelector("#" + id + " tbody").innerHTML = rows || "<tr><td colspan=\"4\">no decision yet</td></tr>";
  }
}

// ---- current frame, selection, list
let current = 0, selected = null, selectedInstance = null;
const timings = { firstDraw: null, redraws: [] };
function redraw() {
  const t0 = performance.now();
  const states = drawPlan(current);
  drawTimeline(current);
  renderState(current, states);
  timings.redraws.push(performance.now() - t0);
  if (timings.redraws.length > 2000) timings.redraws.splice(0, 1000);
}
let hashTimer = null;
function setFrame(p, fromSlider) {
  current = Math.max(0, Math.min(N - 1, p | 0));
  if (!fromSlider) $("slider").value = String(current);
  redraw();
  markCurrentInList();
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => { try { history.replaceState(null, "", "#t=" + timeOf(current).toFixed(3)); } catch (err) { /* file:// may refuse */ } }, 250);
}
function select(ev) {
  selected = ev;
  selectedInstance = ev.ref < 0 ? U.i[-ev.ref - 1] : D.ev[ev.ref][3];
  $("detail").textContent = describe(ev);
  setFrame(ev.f);
}
let listItems = [];
function buildList() {
  const ol = $("event-list"), frag = document.createDocumentFragment();
  listItems = notable.map((ev, k) => {
    const li = document.createElement("li"), b = document.createElement("button");
    b.type = "button"; b.dataset.k = String(k);
    b.textContent = eventTime(ev).toFixed(3) + " s — " + shortText(ev);
    li.appendChild(b); frag.appendChild(li); return li;
  });
  ol.appendChild(frag);
  ol.addEventListener("click", (e) => { const b = e.target.closest("button"); if (b) { const ev = notable[+b.dataset.k]; ev.lane = laneOfNotable(ev); select(ev); } });
  markCurrentInList();
}
function laneOfNotable(ev) { if (ev.ref >= 0) return D.ev[ev.ref][0]; const k = -ev.ref - 1; return U.k[k] === 0 || U.m[k] >= 2 ? 0 : 1; }
let marked = null;
function markCurrentInList() {
  if (!listItems.length) return;
  let j = lastAtOrBefore(notable, current, (e) => e.f);
  if (selected && selected.f === current) {
    for (let q = j; q >= 0 && notable[q].f === current; q--) if (notable[q].ref === selected.ref) { j = q; break; }
  }
  const li = j >= 0 ? listItems[j] : null;
  if (marked && marked !== li) marked.removeAttribute("aria-current");
  if (li) li.setAttribute("aria-current", "true");
  marked = li;
}
function stepEvent(dir) {
  if (!notable.length) return;
  let j;
  if (dir > 0) { j = lastAtOrBefore(notable, current, (e) => e.f) + 1; if (j >= notable.length) return; }
  else { let lo = 0, hi = notable.length - 1; j = -1; while (lo <= hi) { const m = (lo + hi) >> 1; if (notable[m].f < current) { j = m; lo = m + 1; } else hi = m - 1; } if (j < 0) return; }
  const ev = notable[j]; ev.lane = laneOfNotable(ev); select(ev);
}

// ---- playback
let playing = false, lastTick = 0, playTime = 0;
function tick(now) {
  if (!playing) return;
  const speed = +$("speed").value;
  playTime += (now - lastTick) / 1000 * speed; lastTick = now;
  const p = frameAt(playTime);
  if (p !== current) setFrame(p);
  if (current >= N - 1) { setPlaying(false); return; }
  requestAnimationFrame(tick);
}
function setPlaying(on) {
  playing = on; $("play").textContent = on ? "Pause" : "Play"; $("play").setAttribute("aria-pressed", on ? "true" : "false");
  if (on) { if (current >= N - 1) setFrame(0); playTime = timeOf(current); lastTick = performance.now(); requestAnimationFrame(tick); }
}

// ---- wiring
$("slider").addEventListener("input", (e) => { setFrame(+e.target.value, true); });
$("play").addEventListener("click", () => setPlaying(!playing));
$("prev-frame").addEventListener("click", () => setFrame(current - 1));
$("next-frame").addEventListener("click", () => setFrame(current + 1));
$("prev-event").addEventListener("click", () => stepEvent(-1));
$("next-event").addEventListener("click", () => stepEvent(1));
$("show-rr").addEventListener("change", () => redraw());
window.addEventListener("keydown", (e) => {
  const tag = e.target && e.target.tagName;
  if (tag === "SELECT" || (tag === "INPUT" && e.target.type !== "range") || e.altKey || e.ctrlKey || e.metaKey) return;
  let handled = true;
  if (e.key === "ArrowRight") setFrame(current + (e.shiftKey ? 10 : 1));
  else if (e.key === "ArrowLeft") setFrame(current - (e.shiftKey ? 10 : 1));
  else if (e.key === "]" || e.key === "n") stepEvent(1);
  else if (e.key === "[" || e.key === "p") stepEvent(-1);
  else if (e.key === " " && tag !== "BUTTON") setPlaying(!playing);
  else if (e.key === "Home") setFrame(0);
  else if (e.key === "End") setFrame(N - 1);
  else handled = false;
  if (handled) e.preventDefault();
}, true);
tl.addEventListener("click", (e) => {
  const r = tl.getBoundingClientRect(), x = (e.clientX - r.left) * (tlW / r.width), y = (e.clientY - r.top) * (TL_H / r.height);
  const lane = Math.floor(y / LANE_H);
  if (x < LABEL_W) return;
  if (lane >= 0 && lane < LANES.length) {
    let best = null, bestD = 8;
    for (const ev of laneEvents[lane]) { const d = Math.abs(tx(eventTime(ev)) - x); if (d < bestD) { bestD = d; best = ev; } }
    if (best) { best.lane = lane; select(best); return; }
  }
  const t = T0 + (x - LABEL_W) / (tlW - LABEL_W - 8) * (T1 - T0);
  setFrame(frameAt(t));
});
let resizeTimer = null;
const resized = () => { clearTimeout(resizeTimer); resizeTimer = setTimeout(() => { sizeCanvases(); redraw(); }, 100); };
window.addEventListener("resize", resized);
if (window.ResizeObserver) {
  let seen = [0, 0];
  new ResizeObserver(() => {
    const w = [plan.parentElement.clientWidth, tl.parentElement.clientWidth];
    if (w[0] !== seen[0] || w[1] !== seen[1]) { seen = w; resized(); }
  }).observe(document.body);
}
if (window.matchMedia) window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => { readColours(); sizeCanvases(); redraw(); });
window.addEventListener("beforeprint", () => { readColours(); sizeCanvases(); redraw(); });
window.addEventListener("hashchange", () => { const m = /t=([-0-9.]+)/.exec(location.hash); if (m) setFrame(frameAt(parseFloat(m[1]))); });

if (D.parity) {
  $("parity-panel").hidden = false;
  $("parity-summary").textContent = "Agreement per kind: " + D.parity.agreement.filter((a) => a[1] !== null).map((a) => a[0] + " " + (100 * a[1]).toFixed(1) + " %").join(", ") + ". " + (D.parity.first === null ? "No divergence." : "First divergence at frame " + numberOf(D.parity.first) + " (marked on the parity lane and in both tables).");
}

// ---- start
readColours();
sizeCanvases();
const m = /t=([-0-9.]+)/.exec(location.hash);
setFrame(m ? frameAt(parseFloat(m[1])) : 0);
timings.firstDraw = performance.now();
setTimeout(buildList, 0);
window.sessionViewer = {
  frameCount: N, timings,
  frame: () => current, time: () => timeOf(current), setFrame: (p) => setFrame(p),
  frameAt, timeOf, drawn: () => drawn.map((a) => Object.assign({}, a)),
  notableCount: () => notable.length, notableFrames: () => notable.map((e) => e.f), listReady: () => listItems.length === notable.length,
  laneLayout: () => ({ labelWidth: LABEL_W, laneHeight: LANE_H, width: tlW, lanes: LANES.map((l) => l[0]) }),
  eventX: (lane, k) => tx(eventTime(laneEvents[lane][k])) * tl.getBoundingClientRect().width / tlW, laneEvent: (lane, k) => ({ frame: laneEvents[lane][k].f, time: eventTime(laneEvents[lane][k]) }),
  laneCounts: () => laneEvents.map((l) => l.length), selected: () => selected ? { frame: selected.f, lane: selected.lane, text: describe(selected) } : null,
};
})();
"""#
}
