// The playground page: draws the map the planner (rtspath.wasm) holds
// and asks it for paths. Everything the page shows comes from the
// planner's answers.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("view");
const ctx = canvas.getContext("2d");
const state = {
  map: null,        // {name, w, h, cells, cluster, waypoints}
  scale: 1,
  start: null, goal: null,
  answer: null,     // the last route answer
  penalties: { hots: [], claims: [] },
  queries: 0,       // answers drawn so far (the browser test waits on it)
  ready: false,
};
const ground = document.createElement("canvas");

function params() { return new URLSearchParams(location.search); }

function showError(msg) { $("error").textContent = msg || ""; }

async function boot() {
  const go = new Go();
  window.rtspathReady = () => { state.ready = true; };
  const wasm = await WebAssembly.instantiateStreaming(fetch("rtspath.wasm"), go.importObject);
  go.run(wasm.instance);
  $("loading").textContent = "";
  const list = await (await fetch("maps.json")).json();
  const sel = $("map");
  for (const m of list) {
    const o = document.createElement("option");
    o.value = m.id; o.textContent = m.label;
    sel.appendChild(o);
  }
  const want = params().get("map");
  if (want && list.some((m) => m.id === want)) sel.value = want;
  sel.onchange = () => loadMap(list.find((m) => m.id === sel.value));
  for (const id of ["algo", "size", "fog"]) {
    const v = params().get(id);
    if (v) $(id).value = v;
    $(id).onchange = route;
  }
  for (const id of ["showExpanded", "showClusters", "showWaypoints", "showCoarse"]) $(id).onchange = draw;
  $("claim").onclick = () => {
    if (!state.answer || !state.answer.path.length) return;
    report(rtspath.claim(Array.from(state.answer.path)));
    route();
  };
  $("clear").onclick = () => { rtspath.clearPenalties(); route(); };
  await loadMap(list.find((m) => m.id === sel.value));
}

async function loadMap(m) {
  showError("");
  let info;
  if (m.generate) {
    info = rtspath.generate(m.generate[0], m.generate[1]);
  } else {
    const bytes = new Uint8Array(await (await fetch(m.url)).arrayBuffer());
    info = rtspath.load(m.file, bytes);
  }
  if (info.error) { showError(info.error); return; }
  state.map = info;
  state.start = state.goal = state.answer = null;
  state.penalties = rtspath.penalties(); // a new map starts without any
  state.scale = 800 / Math.max(info.w, info.h);
  canvas.width = Math.round(info.w * state.scale);
  canvas.height = Math.round(info.h * state.scale);
  paintGround();
  const p = params();
  if (p.get("from") && p.get("to") && m.id === p.get("map")) {
    state.start = p.get("from").split(",").map(Number);
    state.goal = p.get("to").split(",").map(Number);
    route();
  } else {
    draw();
  }
}

// paintGround draws the cells at one pixel each: blocked dark, plain
// ground light, heavier cells greener and darker.
function paintGround() {
  const m = state.map;
  ground.width = m.w; ground.height = m.h;
  const g = ground.getContext("2d");
  const img = g.createImageData(m.w, m.h);
  for (let i = 0; i < m.w * m.h; i++) {
    const w = m.cells[i];
    let c = [40, 44, 52];
    if (w === 1) c = [214, 208, 190];
    else if (w > 1) c = [150 - Math.min(w, 8) * 8, 175 - Math.min(w, 8) * 6, 120];
    img.data.set([c[0], c[1], c[2], 255], 4 * i);
  }
  g.putImageData(img, 0, 0);
}

function route() {
  if (!state.map || !state.start || !state.goal) { draw(); return; }
  const a = rtspath.route({
    ax: state.start[0], ay: state.start[1], bx: state.goal[0], by: state.goal[1],
    algo: $("algo").value, size: Number($("size").value), fog: Number($("fog").value),
  });
  if (a.error) {
    showError(a.error);
    state.answer = null;
  } else {
    showError("");
    state.answer = a;
  }
  state.penalties = rtspath.penalties();
  state.queries++;
  draw();
}

function report(r) { if (r && r.error) showError(r.error); }

function draw() {
  const m = state.map;
  if (!m) return;
  const s = state.scale;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(ground, 0, 0, m.w * s, m.h * s);
  const a = state.answer;
  const cell = (x, y, color) => { ctx.fillStyle = color; ctx.fillRect(x * s, y * s, Math.max(s, 1), Math.max(s, 1)); };
  // Influence and claims.
  for (const [x, y, r] of state.penalties.hots) {
    ctx.fillStyle = "rgba(220, 40, 40, 0.35)";
    ctx.beginPath(); ctx.arc((x + 0.5) * s, (y + 0.5) * s, (r + 0.5) * s, 0, 2 * Math.PI); ctx.fill();
  }
  for (const c of state.penalties.claims) {
    for (let i = 0; i < c.length; i += 2) cell(c[i], c[i + 1], "rgba(150, 60, 200, 0.6)");
  }
  if (a && $("showExpanded").checked && a.expanded.length) {
    const n = a.expanded.length / 2;
    for (let i = 0; i < n; i++) {
      const t = i / Math.max(1, n - 1);
      cell(a.expanded[2 * i], a.expanded[2 * i + 1], `rgba(255, ${Math.round(230 * (1 - t))}, 0, 0.45)`);
    }
  }
  if ($("showClusters").checked && m.cluster > 0) {
    ctx.strokeStyle = "rgba(60, 120, 220, 0.5)"; ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 0; x <= m.w; x += m.cluster) { ctx.moveTo(x * s + 0.5, 0); ctx.lineTo(x * s + 0.5, m.h * s); }
    for (let y = 0; y <= m.h; y += m.cluster) { ctx.moveTo(0, y * s + 0.5); ctx.lineTo(m.w * s, y * s + 0.5); }
    ctx.stroke();
  }
  if ($("showWaypoints").checked) {
    ctx.fillStyle = "rgba(40, 90, 200, 0.9)";
    const r = Math.max(1.5, s * 0.4);
    for (let i = 0; i < m.waypoints.length; i += 2) {
      ctx.beginPath(); ctx.arc((m.waypoints[i] + 0.5) * s, (m.waypoints[i + 1] + 0.5) * s, r, 0, 2 * Math.PI); ctx.fill();
    }
  }
  if (a && $("showCoarse").checked && a.coarse.length) {
    ctx.strokeStyle = "rgba(0, 170, 255, 0.9)"; ctx.setLineDash([4, 3]); ctx.lineWidth = 2;
    polyline([state.start[0], state.start[1], ...a.coarse, state.goal[0], state.goal[1]]);
    ctx.setLineDash([]);
  }
  if (a && a.path.length) {
    ctx.strokeStyle = "#e0203a"; ctx.lineWidth = Math.max(2, s * 0.5);
    polyline(a.path);
  }
  for (const [p, color] of [[state.start, "#10a040"], [state.goal, "#d02020"]]) {
    if (!p) continue;
    ctx.fillStyle = color;
    ctx.beginPath(); ctx.arc((p[0] + 0.5) * s, (p[1] + 0.5) * s, Math.max(4, s), 0, 2 * Math.PI); ctx.fill();
  }
  $("status").textContent = a ? a.status : "–";
  $("length").textContent = a && a.path.length ? a.length.toFixed(8) : "–";
  $("cost").textContent = a && a.path.length ? a.cost.toFixed(3) + " plain steps" : "–";
  $("expanded").textContent = a ? String(a.count) : "–";
  $("coarse").textContent = a ? (a.coarse.length / 2) + " waypoints" : "–";
  $("time").textContent = a ? a.micros.toFixed(0) + " µs" : "–";
}

function polyline(pts) {
  const s = state.scale;
  ctx.beginPath();
  for (let i = 0; i < pts.length; i += 2) {
    const x = (pts[i] + 0.5) * s, y = (pts[i + 1] + 0.5) * s;
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.stroke();
}

// cellAt returns the cell under a mouse event.
function cellAt(e) {
  const r = canvas.getBoundingClientRect();
  const x = Math.floor((e.clientX - r.left) / state.scale), y = Math.floor((e.clientY - r.top) / state.scale);
  if (!state.map || x < 0 || y < 0 || x >= state.map.w || y >= state.map.h) return null;
  return [x, y];
}

function mode() { return document.querySelector("input[name=mode]:checked").value; }

let painting = null; // {erase, last}
canvas.addEventListener("mousedown", (e) => {
  const c = cellAt(e);
  if (!c) return;
  switch (mode()) {
    case "route":
      if (!state.start || state.goal) { state.start = c; state.goal = null; state.answer = null; draw(); }
      else { state.goal = c; route(); }
      break;
    case "wall":
      painting = { erase: e.shiftKey, last: c };
      paintLine(c, c);
      break;
    case "hot":
      report(rtspath.hot(c[0], c[1], 6));
      route();
      break;
  }
});
canvas.addEventListener("mousemove", (e) => {
  if (!painting) return;
  const c = cellAt(e);
  if (!c) return;
  paintLine(painting.last, c);
  painting.last = c;
});
window.addEventListener("mouseup", () => { painting = null; });

// paintLine paints the cells from a to b (a line, two cells thick, so
// that no diagonal step slips through) in one edit, and routes again:
// the live edit.
function paintLine(a, b) {
  const n = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]), 1);
  const rects = [];
  for (let i = 0; i <= n; i++) {
    const x = Math.round(a[0] + (b[0] - a[0]) * i / n), y = Math.round(a[1] + (b[1] - a[1]) * i / n);
    rects.push(x, y, x + 2, y + 2);
  }
  report(rtspath.paint(new Int32Array(rects), !painting.erase));
  state.map.cells = rtspath.cells();
  paintGround();
  route();
}

// For tests and scripts: the page position of a cell's centre.
window.playground = {
  state,
  cellToClient(x, y) {
    const r = canvas.getBoundingClientRect();
    return { x: r.left + (x + 0.5) * state.scale, y: r.top + (y + 0.5) * state.scale };
  },
};

boot().catch((e) => showError(String(e)));
