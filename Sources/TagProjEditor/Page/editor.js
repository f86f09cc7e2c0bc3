// The tagproj editor page: the photo with its tags, drawn by tagproj's own renderer, and every
// gesture sent to the server as one edit. Plain JavaScript, no libraries: it runs offline.
"use strict";

const photo = document.getElementById("photo");
const canvas = document.getElementById("canvas");
const layer = document.getElementById("tags");
const statusLine = document.getElementById("status");
const textInput = document.getElementById("tag-text");
const historyList = document.getElementById("history");
const buttons = {};
for (const b of document.querySelectorAll("[data-action]")) buttons[b.dataset.action] = b;

let state = null;            // the last /api/state answer
let view = { w: 0, h: 0 };   // the photo's size on screen, in CSS pixels
let selectedId = null;
let pendingKind = null;      // "dish" or "price" while adding
let editingId = null;        // the tag whose text is being edited
let drag = null;             // the drag in progress
let clickTimer = null;       // a single click waits to see whether it becomes a double-click
const images = new Map();    // tag id -> { key, url, origin }

// MARK: - Talking to the server

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(path, options);
    if (response.status === 503 && attempt < 10) {
      say("the project is busy (another tagproj is editing it); retrying…", "warning");
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    const data = await response.json().catch(() => ({ error: "the server sent no JSON (" + response.status + ")" }));
    if (!response.ok) throw Object.assign(new Error(data.error || String(response.status)), { hint: data.hint });
    return data;
  }
}

function say(text, kind) {
  statusLine.textContent = text;
  statusLine.className = kind || "";
}

function fail(error) {
  say("error: " + error.message + (error.hint ? " (hint: " + error.hint + ")" : ""), "error");
}

/// A notice as the library worded it, marked as the CLI marks it.
function noticeLine(n) {
  return (n.severity === "info" ? "" : n.severity + ": ") + n.text;
}

/// `x,y` as the server reads a position: fractions of the photo.
function position(x, y) { return x.toFixed(6) + "," + y.toFixed(6); }

async function edit(body) {
  // Each edit is timed from the gesture to the redrawn page (performance.getEntriesByType("measure")).
  const started = performance.now();
  try {
    const answer = await api("/api/edit", body);
    const notices = answer.notices.map(noticeLine);
    const warned = answer.notices.some((n) => n.severity === "warning");
    say(answer.said.concat(notices).join("  "), warned ? "warning" : "");
    await show(answer.state);
    performance.measure("tagproj " + body.op, { start: started });
    return true;
  } catch (error) {
    fail(error);
    return false;
  }
}

// MARK: - Drawing

function fit() {
  const stage = document.getElementById("stage");
  const room = { w: Math.max(stage.clientWidth - 16, 50), h: Math.max(stage.clientHeight - 16, 50) };
  const scale = Math.min(room.w / state.width, room.h / state.height, 1);
  return { w: Math.max(1, Math.round(state.width * scale)), h: Math.max(1, Math.round(state.height * scale)) };
}

async function show(next) {
  state = next;
  const size = fit();
  if (size.w !== view.w || size.h !== view.h || !photo.src) {
    view = size;
    canvas.style.width = size.w + "px";
    canvas.style.height = size.h + "px";
    photo.width = size.w;
    photo.height = size.h;
    photo.src = "/api/photo?w=" + size.w + "&h=" + size.h;
    images.clear();
  }
  await drawTags();
  drawHistory();
  buttons.delete.disabled = !state.tags.some((t) => t.id === selectedId);
}

async function tagImage(tag) {
  const key = [tag.label, tag.side, tag.kind, tag.x, tag.y, state.tag_scale, view.w, view.h].join("|");
  const cached = images.get(tag.id);
  if (cached && cached.key === key) return cached;
  const response = await fetch("/api/tag?id=" + tag.id + "&w=" + view.w + "&h=" + view.h);
  if (!response.ok) throw new Error("cannot draw tag #" + tag.id);
  const [ox, oy] = (response.headers.get("X-Tag-Origin") || "0,0").split(",").map(Number);
  const url = URL.createObjectURL(await response.blob());
  if (cached) URL.revokeObjectURL(cached.url);
  const image = { key, url, origin: { x: ox, y: oy } };
  images.set(tag.id, image);
  return image;
}

async function drawTags() {
  const drawn = await Promise.all(state.tags.map(async (tag) => [tag, await tagImage(tag)]));
  const keep = new Set();
  for (const [tag, image] of drawn) {
    keep.add(String(tag.id));
    let el = layer.querySelector('[data-tag-id="' + tag.id + '"]');
    if (!el) {
      el = document.createElement("img");
      el.className = "tag";
      el.tabIndex = 0;
      el.draggable = false;
      el.dataset.tagId = String(tag.id);
      attach(el);
      layer.appendChild(el);
    }
    el.dataset.side = tag.side;
    el.alt = tag.kind + " tag #" + tag.id + ": " + tag.label;
    el.title = tag.label;
    if (el.src !== image.url) el.src = image.url;
    // Where the image sits relative to the dot, so a drag can move the dot and the image together.
    el.dataset.offsetX = String(image.origin.x - tag.x * view.w);
    el.dataset.offsetY = String(image.origin.y - tag.y * view.h);
    place(el, tag.x, tag.y);
    el.classList.toggle("selected", tag.id === selectedId);
  }
  for (const el of [...layer.children]) if (!keep.has(el.dataset.tagId)) el.remove();
  for (const id of [...images.keys()]) if (!keep.has(String(id))) { URL.revokeObjectURL(images.get(id).url); images.delete(id); }
}

function place(el, x, y) {
  el.style.left = x * view.w + Number(el.dataset.offsetX) + "px";
  el.style.top = y * view.h + Number(el.dataset.offsetY) + "px";
}

function drawHistory() {
  historyList.replaceChildren();
  const start = document.createElement("li");
  start.className = "start" + (state.history.cursor === 0 ? " current" : "");
  start.textContent = "(start)";
  historyList.appendChild(start);
  for (const entry of state.history.entries) {
    const li = document.createElement("li");
    li.value = entry.seq;
    li.textContent = entry.label;
    // When and by whom, as `tagproj history` shows it; entries from before the tree have neither.
    const who = [entry.user, entry.front_end].filter((x) => x).join("/");
    li.title = "#" + entry.seq + (entry.time_ms !== null ? " · " + new Date(entry.time_ms).toLocaleString() : "") + (who ? " · " + who : "");
    if (entry.undone) li.classList.add("undone");
    if (entry.seq === state.history.cursor) { li.classList.add("current"); li.setAttribute("aria-current", "step"); }
    historyList.appendChild(li);
  }
}

// MARK: - Gestures on a tag

function tagOf(el) { return state.tags.find((t) => String(t.id) === el.dataset.tagId); }

function select(id) {
  selectedId = id;
  for (const el of layer.children) el.classList.toggle("selected", el.dataset.tagId === String(id));
  buttons.delete.disabled = id === null;
}

/// Keeps the dot where the whole tag stays inside the photo (the region the server sent).
function clamp(tag, x, y) {
  const r = tag.region;
  if (!r) return { x: tag.x, y: tag.y };
  return { x: Math.min(Math.max(x, r.x0), r.x1), y: Math.min(Math.max(y, r.y0), r.y1) };
}

function attach(el) {
  el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const tag = tagOf(el);
    if (!tag) return;
    event.preventDefault();
    el.setPointerCapture(event.pointerId);
    select(tag.id);
    drag = { el, tag, startX: event.clientX, startY: event.clientY, x: tag.x, y: tag.y, moved: false };
  });
  el.addEventListener("pointermove", (event) => {
    if (!drag || drag.el !== el) return;
    const dx = event.clientX - drag.startX, dy = event.clientY - drag.startY;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    el.classList.add("dragging");
    const p = clamp(drag.tag, drag.tag.x + dx / view.w, drag.tag.y + dy / view.h);
    drag.x = p.x;
    drag.y = p.y;
    place(el, p.x, p.y);
  });
  const finish = async (event, cancelled) => {
    if (!drag || drag.el !== el) return;
    const done = drag;
    drag = null;
    el.classList.remove("dragging");
    if (cancelled) { place(el, done.tag.x, done.tag.y); return; }
    if (done.moved) {
      await edit({ op: "move", id: done.tag.id, to: position(done.x, done.y) });
    } else if (event.detail >= 2 || clickTimer) {
      clearTimeout(clickTimer);
      clickTimer = null;
      startEditing(done.tag);
    } else {
      clickTimer = setTimeout(() => { clickTimer = null; edit({ op: "flip", id: done.tag.id }); }, 280);
    }
  };
  el.addEventListener("pointerup", (event) => finish(event, false));
  el.addEventListener("pointercancel", (event) => finish(event, true));
  el.addEventListener("focus", () => { const tag = tagOf(el); if (tag) select(tag.id); });
  el.addEventListener("keydown", (event) => {
    const tag = tagOf(el);
    if (!tag) return;
    const step = event.shiftKey ? 0.002 : 0.01;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key]) {
      event.preventDefault();
      const p = clamp(tag, tag.x + moves[event.key][0], tag.y + moves[event.key][1]);
      edit({ op: "move", id: tag.id, to: position(p.x, p.y) }).then(() => focusTag(tag.id));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      edit({ op: "flip", id: tag.id }).then(() => focusTag(tag.id));
    } else if (event.key === "F2") {
      event.preventDefault();
      startEditing(tag);
    }
  });
}

function focusTag(id) {
  const el = layer.querySelector('[data-tag-id="' + id + '"]');
  if (el) el.focus();
}

function startEditing(tag) {
  editingId = tag.id;
  pendingKind = null;
  armed();
  textInput.value = tag.text;
  textInput.focus();
  textInput.select();
  say("editing #" + tag.id + ": Enter saves, Esc cancels");
}

// MARK: - Adding, deleting, history, export

function armed() {
  buttons["add-dish"].classList.toggle("armed", pendingKind === "dish");
  buttons["add-price"].classList.toggle("armed", pendingKind === "price");
  canvas.classList.toggle("placing", pendingKind !== null && textInput.value.trim() !== "");
}

function startAdding(kind) {
  editingId = null;
  pendingKind = kind;
  armed();
  if (textInput.value.trim() === "") {
    textInput.focus();
    say("type the " + (kind === "dish" ? "dish's name" : "price") + ", then click the photo where it goes (Enter: free space)");
  } else {
    say("click the photo where the " + kind + " goes (Enter: free space, Esc: cancel)");
  }
}

async function add(point) {
  const body = { op: "add", kind: pendingKind, text: textInput.value };
  if (point) body.at = position(point.x, point.y);
  if (await edit(body)) {
    textInput.value = "";
    pendingKind = null;
    armed();
    const newest = state.tags.reduce((a, t) => (t.id > a ? t.id : a), 0);
    select(newest);
  }
}

function cancel() {
  pendingKind = null;
  editingId = null;
  armed();
  say("");
}

async function removeSelected() {
  if (selectedId === null) return;
  const id = selectedId;
  select(null);
  await edit({ op: "delete", id });
}

canvas.addEventListener("click", (event) => {
  if (event.target.closest(".tag") || !pendingKind || textInput.value.trim() === "") return;
  const box = photo.getBoundingClientRect();
  add({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
});

textInput.addEventListener("input", armed);
textInput.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { cancel(); return; }
  if (event.key !== "Enter") return;
  event.preventDefault();
  if (editingId !== null) {
    const id = editingId;
    edit({ op: "edit", id, text: textInput.value }).then((ok) => { if (ok) { editingId = null; textInput.value = ""; focusTag(id); } });
  } else if (pendingKind && textInput.value.trim() !== "") {
    add(null);
  }
});

buttons["add-dish"].addEventListener("click", () => startAdding("dish"));
buttons["add-price"].addEventListener("click", () => startAdding("price"));
buttons.delete.addEventListener("click", removeSelected);
buttons.undo.addEventListener("click", () => edit({ op: "undo" }));
buttons.redo.addEventListener("click", () => edit({ op: "redo" }));
buttons.export.addEventListener("click", async () => {
  try {
    say("exporting…");
    const r = await api("/api/export", {});
    say(r.said.concat(r.notices.map(noticeLine)).join("  "), r.notices.length ? "warning" : "");
  } catch (error) { fail(error); }
});

document.addEventListener("keydown", (event) => {
  if (event.target === textInput) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === "z") {
    event.preventDefault();
    edit({ op: event.shiftKey ? "redo" : "undo" });
  } else if ((event.ctrlKey || event.metaKey) && key === "y") {
    event.preventDefault();
    edit({ op: "redo" });
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    removeSelected();
  } else if (event.key === "Escape") {
    cancel();
  }
});

// MARK: - Start, and follow edits made elsewhere

async function refresh() {
  try { await show(await api("/api/state")); } catch (error) { fail(error); }
}

async function poll() {
  try {
    if (state && !drag && !clickTimer) {
      const { version } = await api("/api/version");
      if (version !== state.version) await show(await api("/api/state"));
    }
  } catch (error) {
    fail(error);
  }
  setTimeout(poll, 700);
}

function photoShown() {
  if (photo.complete && photo.naturalWidth > 0) return Promise.resolve();
  return new Promise((resolve) => { photo.addEventListener("load", resolve, { once: true }); photo.addEventListener("error", resolve, { once: true }); });
}

async function start() {
  const match = /[#&]token=([0-9a-f]{32})/.exec(location.hash);
  if (match) {
    // Trade the token for an HttpOnly cookie, then drop it from the address bar.
    const response = await fetch("/api/session", { method: "POST", headers: { "X-Tagproj-Token": match[1] } });
    if (!response.ok) { say("error: this link's token is not valid; open the URL that 'tagproj open' printed", "error"); return; }
    history.replaceState(null, "", "/");
  }
  await refresh();
  await photoShown();
  performance.measure("tagproj shown", { start: 0 });
  window.addEventListener("resize", () => { if (state) show(state); });
  setTimeout(poll, 700);
}

start();
