// Reel Studio: shows the scene at the playhead, frames fetched on demand from
// /api/frame.png and prefetched ahead while playing, the sound mix
// (/api/sound.wav) playing from the playhead's time; /api/events says when the
// scene was saved (reload) or does not load (error), and how a render goes.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  scene: null,        // /api/scene
  version: 0,
  frame: 0,           // the playhead
  shownFrame: -1,     // the frame the <img> shows…
  shownVersion: 0,    // …and of which version
  playing: false,
  cache: new Map(),   // "version:frame" → Promise of an object URL
  urls: new Map(),    // "version:frame" → object URL, to release
  audio: new Audio(), // the scene's sound mix, when it has one
  soundVersion: 0,    // the version whose mix `audio` holds
};
state.audio.preload = "auto";
window.studio = state; // read by the browser test

const prefetchAhead = 12;

function frameKey(frame, version = state.version) { return version + ":" + frame; }

function frameURL(frame) { return "/api/frame.png?frame=" + frame; }

/** The object URL of a frame of the current version, fetched once. */
function loadFrame(frame) {
  const key = frameKey(frame);
  if (!state.cache.has(key)) {
    const promise = fetch(frameURL(frame)).then((r) => {
      if (!r.ok) throw new Error("frame " + frame + ": HTTP " + r.status);
      return r.blob();
    }).then((blob) => {
      const url = URL.createObjectURL(blob);
      state.urls.set(key, url);
      return url;
    });
    promise.catch(() => state.cache.delete(key));
    state.cache.set(key, promise);
  }
  return state.cache.get(key);
}

function isLoaded(frame) { return state.urls.has(frameKey(frame)); }

/** Shows the playhead's frame once it has arrived (a newer request wins). */
async function show(frame) {
  const version = state.version;
  let url;
  try { url = await loadFrame(frame); } catch (e) { return; }
  if (frame !== state.frame || version !== state.version) return;
  const img = $("frame");
  if (img.src !== url) {
    await new Promise((resolve) => { img.onload = resolve; img.onerror = resolve; img.src = url; });
  }
  state.shownFrame = frame;
  state.shownVersion = version;
  img.dataset.frame = String(frame);
  img.dataset.version = String(version);
}

function seek(frame) {
  const count = state.scene ? state.scene.frames : 1;
  state.frame = Math.max(0, Math.min(count - 1, frame));
  $("scrubber").value = String(state.frame);
  updateTimeText();
  show(state.frame);
  scheduleValues();
}

// Frame i is drawn at start + i / fps seconds: the scene's rule
// (Canvas.time(ofFrame:)), the same doubles here. The other way, the frame a time falls
// in, comes from the server (posterFrame, /api/values): time × fps rounded
// down falls a frame short at some frames' own times (1.16 s × 25 fps).
function frameTime(frame) { return (state.scene.start || 0) + frame / state.scene.fps; }

function updateTimeText() {
  const s = state.scene;
  if (!s) return;
  const t = frameTime(state.frame);
  $("time").textContent = t.toFixed(3) + " s";
  $("frame-number").textContent = "frame " + state.frame + " / " + (s.frames - 1);
  $("still").href = frameURL(state.frame);
  $("still").download = baseName(s.file) + "-" + t.toFixed(3) + "s.png";
}

function baseName(path) { return path.split("/").pop().replace(/\.json$/, ""); }

// Playback: at most the scene's fps, never skipping a frame; while the next
// frame is not there yet the clock waits, and frames ahead are prefetched.
// The sound plays from the playhead's time and is moved back to it when the
// two drift apart by more than a frame and a half (a wait for a frame, the
// wrap to frame 0).
let lastStep = 0;
function tick(now) {
  if (!state.playing) return;
  const s = state.scene;
  for (let i = 1; i <= prefetchAhead; i++) loadFrame((state.frame + i) % s.frames);
  const next = (state.frame + 1) % s.frames;
  if (now - lastStep >= 1000 / s.fps && isLoaded(next)) {
    lastStep = now;
    seek(next);
  }
  syncSound();
  requestAnimationFrame(tick);
}

function hasSound() { return !!(state.scene && state.scene.sound && state.soundVersion === state.version); }

function syncSound() {
  const audio = state.audio;
  if (!hasSound() || !audio.src || audio.seeking) return;
  const t = frameTime(state.frame);
  if (Math.abs(audio.currentTime - t) > 1.5 / state.scene.fps) audio.currentTime = t;
  if (audio.paused) audio.play().catch(() => {});
}

/** Loads the current version's mix (once per version), or drops it. The
 * WAV is fetched whole and played from a blob URL: the page can seek in it
 * anywhere without the server answering byte ranges. */
async function loadSound() {
  const s = state.scene, audio = state.audio;
  const drop = () => {
    audio.pause();
    if (audio.src) URL.revokeObjectURL(audio.src);
    audio.removeAttribute("src");
  };
  if (!s || !s.sound) { drop(); state.soundVersion = 0; return; }
  if (state.soundVersion === state.version) return;
  const version = state.version;
  state.soundVersion = version;
  const r = await fetch("/api/sound.wav");
  if (!r.ok || state.soundVersion !== version) return;
  const blob = await r.blob();
  if (state.soundVersion !== version) return;
  drop();
  audio.src = URL.createObjectURL(blob);
  if (state.playing) syncSound();
}

function setPlaying(on) {
  state.playing = on && !!state.scene;
  $("play").textContent = state.playing ? "❚❚" : "▶︎";
  if (state.playing) { lastStep = performance.now(); syncSound(); requestAnimationFrame(tick); }
  else state.audio.pause();
}

// The scrubber: the timeline's marks and loop restarts drawn over it.
function drawMarks() {
  const s = state.scene, marks = $("marks");
  marks.textContent = "";
  if (!s) return;
  const place = (t, cls, title) => {
    const el = document.createElement("div");
    el.className = cls;
    el.style.left = (100 * Math.min(Math.max((t - (s.start || 0)) / s.duration, 0), 1)) + "%";
    el.title = title;
    marks.appendChild(el);
  };
  const loop = s.loop;
  const end = (s.start || 0) + s.duration;
  const cycles = loop ? Math.ceil(end / loop) : 1;
  for (let c = 0; c < cycles; c++) {
    for (const m of s.marks) {
      const t = m + c * (loop || 0);
      if (t <= end) place(t, "mark", "at " + t.toFixed(3) + " s");
    }
    if (loop && c > 0) place(c * loop, "loop", "loop restarts at " + (c * loop).toFixed(3) + " s");
  }
}

function formatValue(v) {
  if (typeof v === "number") return String(Math.round(v * 10000) / 10000);
  // A point [x, y] reads as "x,y", which is also how a value is set.
  if (Array.isArray(v)) return v.map(formatValue).join(",");
  return String(v);
}

function valueCell(v) {
  const td = document.createElement("td");
  if (typeof v === "string" && v.startsWith("#")) {
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = v;
    td.appendChild(sw);
  }
  td.appendChild(document.createTextNode(formatValue(v)));
  return td;
}

function row(name, cell) {
  const tr = document.createElement("tr");
  const th = document.createElement("td");
  th.textContent = name;
  tr.append(th, cell);
  return tr;
}

function drawParameters() {
  const s = state.scene, body = $("parameters").tBodies[0];
  body.textContent = "";
  if (!s) return;
  $("parameters-note").textContent = s.parameters.length ? "" : "The scene has no variables.";
  for (const p of s.parameters) {
    let cell;
    if (p.editable) {
      cell = document.createElement("td");
      const input = document.createElement("input");
      input.value = p.keyframed ? "" : formatValue(p.value);
      input.title = p.type + (p.set ? " (set here, not in the file)" : "");
      input.classList.toggle("set", p.set);
      input.dataset.name = p.name;
      input.addEventListener("change", () => setParameter(p.name, input.value));
      cell.appendChild(input);
    } else {
      cell = p.keyframed ? Object.assign(document.createElement("td"), { textContent: "keyframes" }) : valueCell(p.value);
    }
    const tr = row(p.name, cell);
    tr.title = p.type;
    body.appendChild(tr);
  }
  const warnings = $("warnings");
  warnings.textContent = "";
  for (const w of s.warnings) {
    const li = document.createElement("li");
    li.textContent = w;
    warnings.appendChild(li);
  }
}

/** Changes one parameter as `--set NAME=VALUE` would; the file is not touched. */
async function setParameter(name, value) {
  const r = await fetch("/api/parameters", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ [name]: value }),
  });
  $("parameters-note").textContent = r.ok ? "" : await r.text();
}

// The variables at the playhead, asked for at most every 100 ms.
let valuesTimer = null;
function scheduleValues() {
  if (valuesTimer) return;
  valuesTimer = setTimeout(async () => {
    valuesTimer = null;
    if (!state.scene) return;
    const r = await fetch("/api/values?frame=" + state.frame);
    if (!r.ok) return;
    const v = await r.json();
    $("values-time").textContent = v.time.toFixed(3) + " s";
    const body = $("values").tBodies[0];
    body.textContent = "";
    for (const e of v.values) body.appendChild(row(e.name, valueCell(e.value)));
  }, 100);
}

function showErrors(messages) {
  const box = $("errors");
  box.hidden = messages.length === 0;
  box.textContent = messages.join("\n");
  $("status").textContent = messages.length ? "the file has errors; showing the last good version" : "up to date";
  $("status").classList.toggle("error", messages.length > 0);
}

function applyScene(s) {
  const first = !state.scene;
  state.scene = s.version ? s : null;
  if (s.version && s.version !== state.version) {
    for (const url of state.urls.values()) URL.revokeObjectURL(url);
    state.cache.clear();
    state.urls.clear();
    state.version = s.version;
  }
  $("file").textContent = s.file;
  document.title = baseName(s.file) + " — Reel Studio";
  showErrors(s.errors);
  if (!state.scene) return;
  $("scrubber").max = String(s.frames - 1);
  drawMarks();
  drawParameters();
  seek(first ? s.posterFrame : Math.min(state.frame, s.frames - 1));
  loadSound();
}

async function refreshScene() {
  const r = await fetch("/api/scene");
  if (r.ok) applyScene(await r.json());
}

// Render: the job `reel render` runs, progress from its events.
function showRender(status) {
  const progress = $("progress"), text = $("render-status");
  $("render").disabled = status.state === "running";
  progress.hidden = status.state !== "running";
  if (status.total) { progress.max = status.total; progress.value = status.frame; }
  const download = $("download");
  download.hidden = status.state !== "done";
  if (status.state === "running") text.textContent = "rendering " + status.frame + " / " + (status.total || "…");
  else if (status.state === "done") {
    download.href = status.download;
    text.textContent = "rendered in " + status.seconds.toFixed(1) + " s (" + (status.bytes / 1e6).toFixed(2) + " MB)";
  } else if (status.state === "failed") text.textContent = "render failed: " + status.message;
  else text.textContent = "";
}

async function startRender() {
  const r = await fetch("/api/render?format=" + $("format").value, { method: "POST" });
  if (r.status === 409) $("render-status").textContent = await r.text();
  else if (r.ok) showRender(await r.json());
}

function connect() {
  const events = new EventSource("/api/events");
  events.addEventListener("hello", (e) => applyScene(JSON.parse(e.data)));
  events.addEventListener("reload", () => refreshScene());
  events.addEventListener("error", (e) => {
    if (e.data) showErrors(JSON.parse(e.data).messages);
  });
  events.addEventListener("render", (e) => showRender(JSON.parse(e.data)));
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) $("status").textContent = "disconnected";
  };
}

function setZoom(z) {
  const stage = $("stage"), img = $("frame");
  stage.classList.toggle("fit", z === "fit");
  stage.classList.toggle("zoomed", z !== "fit");
  if (z === "fit" || !state.scene) { img.style.width = ""; return; }
  img.style.width = (state.scene.canvas.pixelWidth * Number(z)) + "px";
}

$("scrubber").addEventListener("input", (e) => { setPlaying(false); seek(Number(e.target.value)); });
$("play").addEventListener("click", () => setPlaying(!state.playing));
$("back").addEventListener("click", () => { setPlaying(false); seek(state.frame - 1); });
$("forward").addEventListener("click", () => { setPlaying(false); seek(state.frame + 1); });
$("zoom").addEventListener("change", (e) => setZoom(e.target.value));
$("checker").addEventListener("change", (e) => $("stage").classList.toggle("checker", e.target.checked));
$("render").addEventListener("click", startRender);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === " ") { e.preventDefault(); setPlaying(!state.playing); }
  if (e.key === "ArrowLeft") { e.preventDefault(); setPlaying(false); seek(state.frame - 1); }
  if (e.key === "ArrowRight") { e.preventDefault(); setPlaying(false); seek(state.frame + 1); }
});
connect();
fetch("/api/render").then((r) => r.json()).then(showRender);
