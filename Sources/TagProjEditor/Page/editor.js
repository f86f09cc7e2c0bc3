// The tagproj editor page: the photo with its tags, drawn by tagproj's own renderer, and every
// gesture sent to the server as one request of the library's JSON dialect (the lines `apply`
// reads). What an edit did is worded by the server (its answers' notices); the page words its
// own controls, and the few states only it sees (the server gone, a gesture it refused). Plain
// JavaScript, no libraries: it runs offline.
"use strict";

const stage = document.getElementById("stage");
const canvas = document.getElementById("canvas");
const photo = document.getElementById("photo");
let detail = document.getElementById("detail");   // replaced by each new region's image
const tileLayer = document.getElementById("tiles");  // the photo at its own pixels, once held
const layer = document.getElementById("tags");
const statusLine = document.getElementById("status");
const textInput = document.getElementById("tag-text");
const priceInput = document.getElementById("tag-price");
const historyList = document.getElementById("history");
const side = document.getElementById("side");
const exportDialog = document.getElementById("export-dialog");
const helpDialog = document.getElementById("help-dialog");
const buttons = {};
for (const b of document.querySelectorAll("[data-action]")) buttons[b.dataset.action] = b;

let state = null;            // the last /api/state answer
let selectedId = null;
let pendingKind = null;      // "dish" or "price" while adding
let drag = null;             // the drag of a tag in progress
let pan = null;              // the pan in progress
let spaceHeld = false;
let stopped = false;         // the server no longer answers
const images = new Map();    // "id|side" -> { key, url, origin, width, height }
const pointers = new Map();  // touches on the stage, for pinch and two-finger pan
// The view: CSS pixels per photo pixel, and where the photo's top-left corner is in the stage.
const view = { scale: 1, x: 0, y: 0, fitted: true };

// MARK: - Talking to the server
// Every API path is relative: at `/` (`tagproj open P`) it is the server's own, at `/p/NAME/` (a
// project of the gallery, `tagproj open DIR`) that project's.

class Stopped extends Error {}

/// The answer to `path` (a POST of `body` when given), retried while the project is busy; `first`,
/// when given, is that request already sent (boot.js's first).
async function api(path, body, first) {
  if (body !== undefined) busy();  // an edit: the tiles wait
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  for (let attempt = 0; ; attempt++) {
    let response;
    try {
      response = await (attempt === 0 && first ? first : fetch(path, options));
    } catch (error) {
      throw new Stopped(String(error));
    }
    if (response.status === 503 && attempt < 20) {
      say(t("the project is busy (another tagproj is editing it); retrying…"), "warning");
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    const data = await response.json().catch(() => ({ error: t("the server sent no JSON ({status})", { status: response.status }) }));
    if (!response.ok) throw Object.assign(new Error(data.on_the_picture || data.error || String(response.status)), { answer: data });
    return data;
  }
}

function say(text, kind, fix) {
  statusLine.replaceChildren(document.createTextNode(text));
  statusLine.className = kind || "";
  if (fix) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.action = "fix";
    button.textContent = fix.label;
    button.addEventListener("click", () => edit(fix.request));
    statusLine.appendChild(button);
  }
}

function fail(error) {
  if (error instanceof Stopped) {
    stopped = true;
    say(state ? t("tagproj open has stopped, so nothing more can be saved; run 'tagproj open {project}' in a terminal and open the address it prints", { project: state.name + ".tagproj" })
      : t("tagproj open has stopped, so nothing more can be saved; run 'tagproj open the project' in a terminal and open the address it prints"), "error");
    return;
  }
  const answer = error.answer || {};
  // TRANSLATORS: an error and the hint that goes with it, both worded by the server.
  say(t("error: {message}", { message: answer.hint && !answer.fix ? t("{error} ({hint})", { error: error.message, hint: answer.hint }) : error.message }), "error", answer.fix);
}

/// What the server says an edit or an export did, one line each (an element each, which the
/// status's live region reads as it is): what was done, then each notice, as the library worded
/// them for people who see the tags (`sentences`, each notice's `sentence`: tags by their text),
/// or as it words them for the CLI where a server has no such words; `more` lines the page adds
/// after what was done (the folder an export went to). A warning's line is marked.
function tell(answer, more = []) {
  const lines = (answer.sentences || answer.said).concat(more).map((text) => ({ text, severity: "" }))
    .concat(answer.notices.map((n) => ({ text: n.sentence || n.text, severity: n.severity })));
  const list = document.createElement("ul");
  list.className = "lines";
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line.text;
    if (line.severity) item.className = line.severity;
    list.appendChild(item);
  }
  statusLine.replaceChildren(list);
  statusLine.className = lines.some((line) => line.severity === "warning") ? "warning" : "";
  // Many lines (an edit among many overlapping tags) scroll, by keyboard too.
  if (list.scrollHeight > list.clientHeight) list.tabIndex = 0;
}

/// `x,y` as the server reads a position: fractions of the photo, inside the range positions take.
function position(x, y) {
  const keep = (v) => Math.min(Math.max(v, -0.5), 1.5).toFixed(6);
  return keep(x) + "," + keep(y);
}

/// What the page holds of the history, for the server to answer with only what it lacks: the
/// newest entry it has, of this file (the version's first part names the file).
function known() {
  const newest = state.history.entries.reduce((most, e) => Math.max(most, e.seq), 0);
  return "since=" + newest + "&file=" + encodeURIComponent(state.version.split("-")[0]);
}

/// `next`'s history whole: a history of only the entries after `since` (the page holds the
/// rest) is joined to the one held, and every entry's `undone` worked out again from the cursor,
/// as the server marks it: undone unless it is the cursor or one of its ancestors.
function wholeHistory(next) {
  const h = next.history;
  if (h.since === undefined) return;
  const entries = state.history.entries.filter((e) => e.seq <= h.since).concat(h.entries);
  const parents = new Map(entries.map((e) => [e.seq, e.parent]));
  const applied = new Set();
  for (let at = h.cursor; at !== 0 && parents.has(at) && !applied.has(at); at = parents.get(at)) applied.add(at);
  for (const e of entries) e.undone = !applied.has(e.seq);
  next.history = { entries, cursor: h.cursor };
}

async function edit(request) {
  // Each edit is timed from the gesture to the redrawn page (performance.getEntriesByType("measure")).
  const started = performance.now();
  try {
    const answer = await api("api/edit?" + known(), request);
    tell(answer);
    await show(answer.state);
    performance.measure("tagproj " + request.op, { start: started });
    return answer;
  } catch (error) {
    fail(error);
    return null;
  }
}

// MARK: - The view: fit, zoom, pan

function fitScale() {
  const { w, h } = room();
  return Math.min(w / state.width, h / state.height, 1);
}

/// The CSS pixels the fitted photo may take (layout.js): the server, told them as soon as the page
/// is laid out and with the photo's first view, draws the first view for this room before the
/// page asks for it, as `EditorRoom.viewSize` computes what `fitScale` and `pixels` give here.
const room = tagprojRoom;

function fit() {
  view.scale = fitScale();
  view.fitted = true;
  view.x = (stage.clientWidth - state.width * view.scale) / 2;
  view.y = (stage.clientHeight - state.height * view.scale) / 2;
}

/// Zooms to `scale` (at most 2× the photo's own pixels, at least the fit) keeping the photo point
/// under the stage point (`cx`, `cy`) where it is.
function zoomTo(scale, cx, cy, gliding) {
  const dpr = window.devicePixelRatio || 1;
  const least = Math.min(fitScale(), 1 / dpr), most = 2 / dpr;
  scale = Math.min(Math.max(scale, least), most);
  view.zoomedAt = performance.now();
  if (cx === undefined) { cx = stage.clientWidth / 2; cy = stage.clientHeight / 2; }
  const px = (cx - view.x) / view.scale, py = (cy - view.y) / view.scale;
  view.scale = scale;
  view.fitted = Math.abs(scale - fitScale()) < 1e-9;
  view.x = cx - px * scale;
  view.y = cy - py * scale;
  if (view.fitted) fit();
  layout(gliding);
}

/// The photo and every tag where the view puts them; the detail of a zoomed view is fetched at
/// once after a step (a key, a button), and once the view holds still while it glides (the
/// wheel, a pinch, a pan).
function layout(gliding) {
  const w = state.width * view.scale, h = state.height * view.scale;
  placeCanvas();
  canvas.style.width = w + "px";
  canvas.style.height = h + "px";
  // The whole photo at the fitted size; a zoomed view adds the detail of what it shows.
  const fitted = fitScale();
  const base = pixels(state.width * fitted, state.height * fitted);
  // Asked again only for another size or crop, not for another room of the same size.
  const src = photoURL(base.w, base.h);
  if (photo.dataset.src?.replace(/&room=[^&]*/, "") !== src.replace(/&room=[^&]*/, "")) { photo.dataset.src = src; photo.src = src; }
  for (const el of layer.children) placeTag(el);
  // A region fetched now goes first: the tags, shown scaled meanwhile, are drawn anew once it is
  // shown, so they do not take the server's cores from it.
  const region = scheduleDetail(gliding);
  if (region) region.then(drawTags); else drawTags();
}

/// The screen's pixel grid the photo is put on, in screen pixels: the fewest of them that are also
/// a whole number of CSS pixels (3 at a devicePixelRatio of 3, 21 at 2.625), or where no few are,
/// one. A browser may place and size an image only to whole CSS pixels (headless Chromium
/// emulating a phone's pixel ratio does: an image in a box of 341.33 CSS px, 1024 screen pixels at
/// 3, is drawn 341 high, 1023 pixels, squeezed and a pixel off below its middle), or to whole
/// screen pixels: on this grid both are whole. (The photo's last row and column of tiles end at
/// its edge, which at 3 may fall between two CSS pixels: there the squeeze is a pixel at most.)
function pixelGrid() {
  const dpr = window.devicePixelRatio || 1;
  for (let css = 1; css <= 8; css++) if (Math.abs(css * dpr - Math.round(css * dpr)) < 1e-6) return Math.round(css * dpr);
  return 1;
}

/// Puts the canvas at the view's place, on the grid of `pixelGrid`, so that a view at 1:1 puts
/// each photo pixel on one of the screen's. On the screen's grid, not merely the stage's: the
/// stage itself may start between two screen pixels (the toolbar above it is as high as its words
/// make it, 167.19 CSS px on a phone), and a canvas at a whole pixel of such a stage lies between
/// two of the screen's, where the browser draws the photo a pixel off.
function placeCanvas() {
  const dpr = window.devicePixelRatio || 1, grid = pixelGrid();
  const box = stage.getBoundingClientRect();
  const x0 = (box.left + stage.clientLeft) * dpr, y0 = (box.top + stage.clientTop) * dpr;
  canvas.style.left = (grid * Math.round((x0 + view.x * dpr) / grid) - x0) / dpr + "px";
  canvas.style.top = (grid * Math.round((y0 + view.y * dpr) / grid) - y0) / dpr + "px";
}

/// A CSS size in the screen's real pixels, never more than the photo's own.
function pixels(w, h) {
  const dpr = window.devicePixelRatio || 1;
  return { w: Math.max(1, Math.min(state.width, Math.round(w * dpr))), h: Math.max(1, Math.min(state.height, Math.round(h * dpr))) };
}

let detailTimer = null;
let detailWanted = null;   // the URL of the detail last asked for: an older one arriving is dropped
let detailsLoading = 0;    // details asked for and not yet decoded
/// Fetches the detail a zoomed view needs: at once after a step (returning the promise of it
/// shown), or once the view holds still while it glides.
function scheduleDetail(gliding) {
  clearTimeout(detailTimer);
  const wanted = view.fitted ? null : detailView();  // the base photo is what the fitted view needs
  if (wanted && !detail.hidden && detail.dataset.src === wanted.url) return null;  // shown already (a redraw after an edit)
  detail.hidden = true;
  detailWanted = null;
  // At 1:1 or closer, the tiles show it once every tile it touches is held: nothing is fetched.
  const fromTiles = wanted !== null && view.scale * (window.devicePixelRatio || 1) >= 0.999 && tilesCover(wanted.region);
  if (fromTiles !== !tileLayer.hidden) tileLayer.hidden = !fromTiles;
  if (fromTiles) {
    const { region } = wanted;
    tileLayer.dataset.region = [region.x, region.y, region.rw, region.rh].join(",");
    if (gliding) return null;
    const started = view.zoomedAt || performance.now();
    return painted().then(() => performance.measure("tagproj zoom detail", { start: started, detail: "tiles" }));
  }
  if (!wanted) return null;
  if (!gliding) return fetchDetail(wanted);
  detailTimer = setTimeout(() => { const now = detailView(); if (now) fetchDetail(now); }, 30);
  return null;
}

/// The visible part of a zoomed photo at the screen's real pixels: its URL, and where it goes.
function detailView() {
  const w = state.width * view.scale, h = state.height * view.scale;
  const x0 = Math.max(0, -view.x / w), y0 = Math.max(0, -view.y / h);
  const x1 = Math.min(1, (stage.clientWidth - view.x) / w), y1 = Math.min(1, (stage.clientHeight - view.y) / h);
  if (x1 <= x0 || y1 <= y0) return null;
  const size = pixels((x1 - x0) * w, (y1 - y0) * h);
  const region = { x: x0, y: y0, rw: x1 - x0, rh: y1 - y0 };
  const url = photoURL(size.w, size.h, [region.x, region.y, region.rw, region.rh].map((v) => v.toFixed(6)));
  return { url, region, w, h };
}

/// The address of the picture at `w`×`h` (of only `region`'s part when given: x, y, width and
/// height as fractions, written as they should be sent), with the crop the state says it has, so
/// that the server refuses it rather than answer with another crop's pixels.
function photoURL(w, h, region) {
  const part = region ? "&x=" + region[0] + "&y=" + region[1] + "&rw=" + region[2] + "&rh=" + region[3]
    : "&room=" + tagprojRoomText();
  return "api/photo?w=" + w + "&h=" + h + part + "&crop=" + encodeURIComponent(state.crop);
}

/// Fetches the detail `wanted` (from `detailView`) and shows it once decoded; the promise
/// resolves then (or when it failed, or another was asked for meanwhile).
function fetchDetail({ url, region, w, h }) {
  // Timed from the zoom gesture (or the pan) to the sharp region shown.
  const started = view.zoomedAt || performance.now();
  detailWanted = url;
  // Decoded off screen, then put in the place of the old detail, so it is shown decoded once.
  const next = new Image();
  next.id = "detail";
  next.alt = "";
  next.draggable = false;
  next.hidden = true;
  next.dataset.src = url;
  next.src = url;
  detailsLoading++;
  return next.decode().catch(() => {}).then(() => {
    detailsLoading--;
    if (detailWanted !== url || !next.naturalWidth) return;
    next.style.left = region.x * w + "px";
    next.style.top = region.y * h + "px";
    next.style.width = region.rw * w + "px";
    next.style.height = region.rh * h + "px";
    next.dataset.region = [region.x, region.y, region.rw, region.rh].join(",");
    next.hidden = false;
    detail.replaceWith(next);
    detail = next;
    return painted().then(() => performance.measure("tagproj zoom detail", { start: started, detail: "fetched" }));
  });
}

/// Resolves once what the page changed has been drawn: after the next frame's paint.
function painted() {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

// MARK: - The photo held at its own pixels
// Once the page has been shown and left alone for a moment, the photo is fetched at 1:1 as
// tiles, one at a time, each decoded as it arrives and kept: a zoom to 1:1 (or beyond), and a
// pan there, are then painted from pixels the page holds instead of a region fetched and
// decoded for each. The middle first, where `1` and the buttons zoom, then outward; a view is
// shown from them once every tile it touches is held. Paused while anything else happens (a
// gesture, an edit, a region fetched), so that it never takes the server or a core from them;
// not done for a photo of more pixels than the server's `hold_pixels` (24 MP unless
// TAGPROJ_EDITOR_HOLD_MP says otherwise), which the browser holds at 4 bytes each.

/// A tile's side in the photo's pixels: about 1024, a whole number of the screen's pixel grid
/// (1023 at a pixel ratio of 3), so that at 1:1 every tile's box is whole CSS pixels as well as
/// whole screen pixels, and the browser draws it unscaled (see `pixelGrid`).
const TILE = Math.floor(1024 / pixelGrid()) * pixelGrid();
// `list` in the order they are fetched; the first `held` of them are held.
const tiles = { key: null, list: [], held: 0, timer: null };
let lastActivity = 0;       // performance.now() of the last gesture or request

function busy() { lastActivity = performance.now(); }
for (const type of ["pointerdown", "pointermove", "wheel", "keydown", "touchstart"]) {
  document.addEventListener(type, () => { if (type !== "pointermove" || drag || pan) busy(); }, { capture: true, passive: true });
}

/// Whether every tile `region` (fractions of the picture) touches is held.
function tilesCover(region) {
  if (tiles.list.length === 0) return false;
  return tiles.list.every((t, i) => i < tiles.held || t.area.x >= region.x + region.rw || t.area.x + t.area.rw <= region.x
    || t.area.y >= region.y + region.rh || t.area.y + t.area.rh <= region.y);
}

/// Forgets the tiles of another photo than the one `state` shows (the same crop keeps them), and
/// starts holding this one's: its tiles are laid out a second later, off the path of the
/// photo's first view, and fetched while the page is left alone.
function holdTiles() {
  const key = state.width + "x" + state.height + "@" + state.crop;
  if (tiles.key === key) return;
  tiles.key = key;
  clearTimeout(tiles.timer);
  tiles.list = [];
  tiles.held = 0;
  tileLayer.replaceChildren();
  tileLayer.hidden = true;
  delete tileLayer.dataset.count;
  if (state.width * state.height > state.hold_pixels) return;
  tiles.timer = setTimeout(() => { layOutTiles(); holdNextTile(); }, 1000);
}

/// The tiles of the photo `state` shows, in the tile layer, nearest the middle first.
function layOutTiles() {
  const W = state.width, H = state.height;
  for (let y = 0; y < H; y += TILE) {
    for (let x = 0; x < W; x += TILE) {
      const w = Math.min(TILE, W - x), h = Math.min(TILE, H - y);
      const img = new Image();
      img.alt = "";
      img.draggable = false;
      img.style.left = (100 * x / W) + "%";
      img.style.top = (100 * y / H) + "%";
      img.style.width = (100 * w / W) + "%";
      img.style.height = (100 * h / H) + "%";
      img.area = { x: x / W, y: y / H, rw: w / W, rh: h / H };
      img.dataset.src = photoURL(w, h, [img.area.x, img.area.y, img.area.rw, img.area.rh]);
      tiles.list.push(img);
      tileLayer.append(img);
    }
  }
  const away = (t) => Math.hypot((t.area.x + t.area.rw / 2 - 0.5) * W, (t.area.y + t.area.rh / 2 - 0.5) * H);
  tiles.list.sort((a, b) => away(a) - away(b));
  tileLayer.dataset.count = String(tiles.list.length);
  tileLayer.dataset.held = "0";
}

/// Fetches and decodes the next tile not yet held, when nothing else has happened for a while.
async function holdNextTile() {
  const img = tiles.list[tiles.held];
  if (!img || stopped) return;
  const key = tiles.key;
  const quiet = performance.now() - lastActivity;
  if (quiet < 800 || drag || pan || pointers.size > 0 || detailsLoading > 0 || document.hidden) {
    tiles.timer = setTimeout(holdNextTile, Math.max(100, 800 - quiet));
    return;
  }
  img.src = img.dataset.src;
  try { await img.decode(); } catch { /* retried below */ }
  if (tiles.key !== key) return;   // another photo's tiles meanwhile
  if (img.naturalWidth > 0) {
    tiles.held++;
    tileLayer.dataset.held = String(tiles.held);
    tiles.timer = setTimeout(holdNextTile, 0);
  } else {
    img.removeAttribute("src");
    tiles.timer = setTimeout(holdNextTile, 2000);
  }
}

// MARK: - Drawing

async function show(next) {
  wholeHistory(next);
  state = next;
  document.title = state.name + " — tagproj";
  holdTiles();
  if (view.fitted) fit();
  layout();
  await drawTags();
  drawHistory();
  if (!state.tags.some((t) => t.id === selectedId)) selectedId = null;
  buttons.delete.disabled = selectedId === null;
  select(selectedId);
}

/// The rendered size the tags are asked for: the photo at the view's scale in real pixels.
function tagPixels() { return pixels(state.width * view.scale, state.height * view.scale); }

/// What tells one drawing of `tag` with its bubble on `sideShown` from another at `size`.
function imageKey(tag, sideShown, size) {
  return [tag.label, sideShown, tag.kind, tag.x, tag.y, state.tag_scale, size.w, size.h].join("|");
}

function keepImage(name, image) {
  const cached = images.get(name);
  if (cached && cached.url !== image.url) URL.revokeObjectURL(cached.url);
  images.set(name, image);
  return image;
}

async function tagImage(tag, sideShown) {
  const size = tagPixels();
  const key = imageKey(tag, sideShown, size);
  const name = tag.id + "|" + sideShown;
  const cached = images.get(name);
  if (cached && cached.key === key) return cached;
  const response = await fetch("api/tag?id=" + tag.id + "&w=" + size.w + "&h=" + size.h + "&side=" + sideShown);
  if (!response.ok) throw new Error(t("cannot draw tag #{id}", { id: tag.id }));
  const [ox, oy, width, height] = (response.headers.get("X-Tag-Origin") || "0,0,0,0").split(",").map(Number);
  const blob = await response.blob();
  return keepImage(name, { key, url: URL.createObjectURL(blob), origin: { x: ox, y: oy }, width, height, size });
}

/// Asks for the images `tags` lack at the view's size in one request (`api/tags`, 64 tags at a
/// time) rather than one each; what it does not bring (an error) `tagImage` asks for alone.
async function fetchTagImages(tags) {
  const size = tagPixels();
  const missing = tags.filter((tag) => {
    const cached = images.get(tag.id + "|" + tag.side);
    return !(cached && cached.key === imageKey(tag, tag.side, size));
  });
  if (missing.length < 2) return;
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    try {
      const response = await fetch("api/tags?w=" + size.w + "&h=" + size.h + "&ids=" + batch.map((t) => t.id + ":" + t.side).join(","));
      if (!response.ok) continue;
      const bytes = await response.arrayBuffer();
      let at = 0;
      for (const part of (response.headers.get("X-Tag-Parts") || "").split(";")) {
        const [id, side, ox, oy, width, height, length] = part.split(",");
        const tag = batch.find((t) => String(t.id) === id && t.side === side);
        const end = at + Number(length);
        if (!tag || !(end <= bytes.byteLength)) break;
        const blob = new Blob([bytes.slice(at, end)], { type: "image/png" });
        at = end;
        keepImage(id + "|" + side, { key: imageKey(tag, side, size), url: URL.createObjectURL(blob),
          origin: { x: Number(ox), y: Number(oy) }, width: Number(width), height: Number(height), size });
      }
    } catch (error) {
      // The server stopped: the single requests that follow say so.
    }
  }
}

let drawing = Promise.resolve();
function drawTags() {
  drawing = drawing.then(drawTagsNow, drawTagsNow);
  return drawing;
}

async function drawTagsNow() {
  if (!state) return;
  await fetchTagImages(state.tags);
  const drawn = await Promise.all(state.tags.map(async (tag) => [tag, await tagImage(tag, tag.side)]));
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
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", String(tag.id === selectedId));
      attach(el);
      layer.appendChild(el);
    }
    if (drag && drag.el === el) continue;
    el.dataset.side = tag.side;
    el.dataset.overlaps = tag.overlaps.length ? "true" : "false";
    el.alt = tag.kind === "dish" ? t("dish tag #{id}: {label}", { id: tag.id, label: tag.label }) : t("price tag #{id}: {label}", { id: tag.id, label: tag.label });
    const others = "#" + tag.overlaps.join(", #");
    el.title = !tag.overlaps.length ? tag.label
      : tag.overlaps_more ? t("{label} (overlaps {tags} and more)", { label: tag.label, tags: others })
      : t("{label} (overlaps {tags})", { label: tag.label, tags: others });
    show1(el, tag, image, tag.x, tag.y);
  }
  for (const el of [...layer.children]) if (!keep.has(el.dataset.tagId)) el.remove();
  for (const [name, image] of [...images]) {
    if (!keep.has(name.split("|")[0])) { URL.revokeObjectURL(image.url); images.delete(name); }
  }
}

/// Shows `image` of `tag` in `el` with the dot at (`x`, `y`), fractions of the photo.
function show1(el, tag, image, x, y) {
  if (el.src !== image.url) el.src = image.url;
  el.dataset.image = [image.origin.x, image.origin.y, image.width, image.height, image.size.w, image.size.h].join("|");
  placeTag(el, x, y, tag);
}

/// Puts `el` where its tag's dot is (or at `x`, `y`), its image at the view's scale.
function placeTag(el, x, y, tag) {
  tag = tag || tagOf(el);
  if (!tag || !el.dataset.image) return;
  const [ox, oy, width, height, rw, rh] = el.dataset.image.split("|").map(Number);
  // The image was drawn for a rw×rh picture; the canvas shows the photo at the view's scale.
  const sx = (state.width * view.scale) / rw, sy = (state.height * view.scale) / rh;
  const at = { x: (x === undefined ? tag.x : x) * state.width * view.scale, y: (y === undefined ? tag.y : y) * state.height * view.scale };
  const w = width * sx, h = height * sy;
  // However small the tag is drawn, a finger finds it: transparent padding makes its hit area at
  // least 44 CSS pixels each way (the toolbar's buttons' size), the image staying where it is.
  const padX = Math.max(0, Math.ceil((44 - w) / 2)), padY = Math.max(0, Math.ceil((44 - h) / 2));
  el.style.width = w + "px";
  el.style.height = h + "px";
  el.style.padding = padY + "px " + padX + "px";
  el.style.left = at.x + (ox - tag.x * rw) * sx - padX + "px";
  el.style.top = at.y + (oy - tag.y * rh) * sy - padY + "px";
}

/// Where the image of tag element `el` is drawn, without its padding: left, top (in the canvas).
function drawnAt(el) {
  return { left: parseFloat(el.style.left) + parseFloat(el.style.paddingLeft || "0"),
           top: parseFloat(el.style.top) + parseFloat(el.style.paddingTop || "0") };
}

/// The history tree, as `history --tree` draws it: older branches one step in.
function drawHistory() {
  historyList.replaceChildren();
  const entries = state.history.entries;
  const newest = new Map();   // parent -> its newest child
  for (const e of entries) if (!newest.has(e.parent) || newest.get(e.parent) < e.seq) newest.set(e.parent, e.seq);
  const depth = new Map([[0, 0]]);
  const row = (seq, label, title, undone) => {
    const li = document.createElement("li");
    li.dataset.seq = String(seq);
    li.style.paddingLeft = 6 + 14 * (depth.get(seq) || 0) + "px";
    const number = document.createElement("span");
    number.className = "seq";
    number.textContent = seq === 0 ? "" : String(seq);
    li.append(number, document.createTextNode(label));
    // The whole label, for an entry the panel's width cuts short.
    li.title = label + " — " + title;
    li.setAttribute("aria-label", (seq === 0 ? "" : "#" + seq + " ") + label);
    if (undone) li.classList.add("undone");
    if (seq === state.history.cursor) li.setAttribute("aria-current", "true");
    li.addEventListener("click", () => restore(seq));
    li.addEventListener("mouseenter", () => showStatePreview(li, seq));
    li.addEventListener("mouseleave", hideStatePreview);
    historyList.appendChild(li);
  };
  row(0, t("(start)"), t("the empty start"), false);
  for (const e of entries) {
    depth.set(e.seq, (depth.get(e.parent) || 0) + (newest.get(e.parent) === e.seq ? 0 : 1));
    // When and by whom, as `tagproj history` shows it; entries from before the tree have neither.
    const who = [e.user, e.front_end].filter((x) => x).join("/");
    row(e.seq, e.text || e.label, "#" + e.seq + (e.time_ms !== null ? " · " + new Date(e.time_ms).toLocaleString(document.documentElement.lang) : "") + (who ? " · " + who : ""), e.undone);
  }
}

/// The picture as entry `seq` left it, drawn by export (`export --at`), beside its entry.
const statePreview = document.getElementById("state-preview");
function showStatePreview(li, seq) {
  const box = li.getBoundingClientRect();
  statePreview.src = "api/preview?at=" + seq + "&max_size=" + Math.round(240 * (window.devicePixelRatio || 1));
  statePreview.dataset.seq = String(seq);
  statePreview.style.top = Math.max(8, box.top - 40) + "px";
  statePreview.style.right = (window.innerWidth - box.left + 8) + "px";
  statePreview.hidden = false;
}

function hideStatePreview() { statePreview.hidden = true; }

function restore(seq) {
  closeDrawer();
  if (seq === state.history.cursor) return;
  edit({ op: "restore", to: seq });
}

// On a narrow screen the history is a drawer over the page: its × closes it, as do Escape and a
// tap anywhere outside it.
function openDrawer(open) {
  side.classList.toggle("open", open);
  buttons.history.setAttribute("aria-expanded", String(open));
}
function closeDrawer() { openDrawer(false); }
function drawerOpen() { return side.classList.contains("open"); }

// MARK: - Gestures on a tag

function tagOf(el) { return state && state.tags.find((t) => String(t.id) === el.dataset.tagId); }

function select(id) {
  selectedId = id;
  for (const el of layer.children) {
    // A toggle button's pressed state (an image button may not be "selected"): the selected tag.
    el.setAttribute("aria-pressed", el.dataset.tagId === String(id) ? "true" : "false");
  }
  buttons.delete.disabled = id === null;
}

/// What `move` will do with the dot asked at (`x`, `y`): the rule the server keeps, shown live.
/// The bubble stays on its side where it fits, goes to the other where only that fits, and only
/// where neither fits does the dot stop, at the nearer of the two places that fit.
function predict(tag, x, y) {
  const inside = (r) => r && x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;
  const other = tag.side === "right" ? "left" : "right";
  if (inside(tag.region)) return { x, y, side: tag.side };
  if (inside(tag.region_flipped)) return { x, y, side: other };
  const clamp = (r) => ({ x: Math.min(Math.max(x, r.x0), r.x1), y: Math.min(Math.max(y, r.y0), r.y1) });
  const far = (p) => ((p.x - x) * state.width) ** 2 + ((p.y - y) * state.height) ** 2;
  if (!tag.region) return { x: tag.x, y: tag.y, side: tag.side };
  const own = clamp(tag.region);
  if (tag.region_flipped) {
    const flipped = clamp(tag.region_flipped);
    if (far(flipped) < far(own)) return { x: flipped.x, y: flipped.y, side: other };
  }
  return { x: own.x, y: own.y, side: tag.side };
}

function attach(el) {
  let longPress = null;
  el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || spaceHeld || pointers.size > 0) return;
    const tag = tagOf(el);
    if (!tag) return;
    event.stopPropagation();
    if (pendingKind) return;  // in add mode a click always places (the stage's click)
    event.preventDefault();
    el.setPointerCapture(event.pointerId);
    drag = { el, tag, startX: event.clientX, startY: event.clientY, wanted: null, shown: tag.side, moved: false };
    if (event.pointerType === "touch") {
      longPress = setTimeout(() => { if (drag && !drag.moved) { drag = null; startEditing(tag); } }, 550);
    }
  });
  el.addEventListener("pointermove", async (event) => {
    if (!drag || drag.el !== el) return;
    const dx = event.clientX - drag.startX, dy = event.clientY - drag.startY;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    if (!drag.moved) { clearTimeout(longPress); select(drag.tag.id); }
    drag.moved = true;
    el.classList.add("dragging");
    const w = state.width * view.scale, h = state.height * view.scale;
    drag.wanted = { x: drag.tag.x + dx / w, y: drag.tag.y + dy / h };
    const p = predict(drag.tag, drag.wanted.x, drag.wanted.y);
    const current = drag;
    if (p.side !== drag.shown) {
      const image = await tagImage(drag.tag, p.side);
      if (drag !== current) return;
      drag.shown = p.side;
      el.dataset.side = p.side;
      show1(el, { ...drag.tag, side: p.side }, image, p.x, p.y);
    } else {
      placeTag(el, p.x, p.y, drag.tag);
    }
  });
  const finish = async (event, cancelled) => {
    clearTimeout(longPress);
    if (!drag || drag.el !== el) return;
    const done = drag;
    drag = null;
    el.classList.remove("dragging");
    if (cancelled) { await drawTags(); return; }
    if (done.moved) {
      dragged = true;   // the click that follows is the drag's, not a tap
      // The pointer's point, as `move --to` takes it: the server applies the rule shown.
      await edit({ op: "move", id: done.tag.id, to: position(done.wanted.x, done.wanted.y) });
    }
  };
  // A tap selects; a tap on the selected tag flips it (the seed's tap) once it is clear that it
  // is not the first half of a double-click, which edits instead.
  let dragged = false, flipSoon = null;
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    if (dragged) { dragged = false; return; }
    const tag = tagOf(el);
    if (!tag) return;
    if (pendingKind) { placeAt(event); return; }
    clearTimeout(flipSoon);
    if (event.detail >= 2) { startEditing(tag); return; }
    if (selectedId !== tag.id) { select(tag.id); return; }
    flipSoon = setTimeout(() => edit({ op: "flip", id: tag.id }), 300);
  });
  el.addEventListener("pointerup", (event) => finish(event, false));
  el.addEventListener("pointercancel", (event) => finish(event, true));
  el.addEventListener("focus", () => { const tag = tagOf(el); if (tag && selectedId !== tag.id) select(tag.id); });
  el.addEventListener("keydown", (event) => {
    const tag = tagOf(el);
    if (!tag) return;
    if (nudge(tag, event)) {
      event.stopPropagation();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      edit({ op: "flip", id: tag.id }).then(() => focusTag(tag.id));
    } else if (event.key === "F2") {
      event.preventDefault();
      event.stopPropagation();
      startEditing(tag);
    }
  });
}

// An arrow key moves `tag` a hundredth of the picture (a five-hundredth with Shift), whether the
// tag was reached with Tab or selected with the mouse; true when the key was an arrow.
function nudge(tag, event) {
  const step = event.shiftKey ? 0.002 : 0.01;
  const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  if (!moves[event.key]) return false;
  event.preventDefault();
  edit({ op: "move", id: tag.id, to: position(tag.x + moves[event.key][0], tag.y + moves[event.key][1]) }).then(() => focusTag(tag.id));
  return true;
}

function focusTag(id) {
  const el = layer.querySelector('[data-tag-id="' + id + '"]');
  if (el) el.focus();
}

// MARK: - Editing text in place

let editor = null;   // the input over the tag being edited
let priceEditor = null;   // beside it, a dish's price

/// A dish's price as the inline editor shows it: the list's two decimals without a bare `.00`.
function priceText(tag) { return tag.price ? tag.price.replace(/\.00$/, "") : ""; }

function startEditing(tag) {
  stopEditing();
  select(tag.id);
  const el = layer.querySelector('[data-tag-id="' + tag.id + '"]');
  const input = document.createElement("input");
  input.className = "inline-edit";
  input.value = tag.text;
  input.setAttribute("aria-label", t("Text of tag #{id}", { id: tag.id }));
  input.dataset.tagId = String(tag.id);
  if (el) {
    input.style.minWidth = Math.min(parseFloat(el.style.width), stage.clientWidth - 8) + "px";
    input.style.height = el.style.height;
    // Never below 16 px where a finger types: a phone's browser zooms into a smaller field.
    input.style.fontSize = Math.max(matchMedia("(pointer: coarse)").matches ? 16 : 13, parseFloat(el.style.height) * 0.45) + "px";
  }
  canvas.appendChild(input);
  editor = input;
  // A dish's price, edited beside its name and posted in the same request.
  const price = tag.kind === "dish" ? document.createElement("input") : null;
  if (price) {
    price.className = "inline-edit inline-price";
    price.value = priceText(tag);
    // TRANSLATORS: the placeholder of a dish's price beside its name while it is edited.
    price.placeholder = t("price");
    price.setAttribute("aria-label", t("Price of tag #{id}", { id: tag.id }));
    price.dataset.tagId = String(tag.id);
    price.style.height = input.style.height;
    price.style.fontSize = input.style.fontSize;
    canvas.appendChild(price);
    priceEditor = price;
  }
  if (el) placeEditors(el);
  // Where they are: focusing them scrolls nothing (the stage clips, it does not scroll).
  input.focus({ preventScroll: true });
  input.select();
  for (const field of price ? [input, price] : [input]) {
    field.addEventListener("keydown", async (event) => {
      event.stopPropagation();
      if (event.key === "Escape") { stopEditing(); focusTag(tag.id); return; }
      if (event.key !== "Enter") return;
      event.preventDefault();
      // The text, unless only the price changed; the price when it changed (empty: removed).
      const request = { op: "edit", id: tag.id };
      if (price && price.value.trim() !== priceText(tag)) request.price = price.value.trim() === "" ? null : price.value;
      if (input.value !== tag.text || !("price" in request)) request.text = input.value;
      if (await edit(request)) { stopEditing(); focusTag(tag.id); }
    });
    field.addEventListener("blur", () => setTimeout(() => {
      if (editor === input && document.activeElement !== input && document.activeElement !== price) stopEditing();
    }, 0));
  }
  say(price ? t("editing #{id}: Enter keeps the text and the price, Esc cancels", { id: tag.id })
    : t("editing #{id}: Enter keeps the text, Esc cancels", { id: tag.id }));
}

/// Puts the edit fields over tag element `el`, wholly inside the stage whatever the tag's place
/// (at an edge, in a zoomed view, wider than the screen): a dish's price beside its name where
/// both fit in the stage's width, under it where they do not.
function placeEditors(el) {
  const input = editor, price = priceEditor, gap = 4;
  const W = stage.clientWidth, H = stage.clientHeight;
  // The canvas's place in the stage: the fields are in the canvas, and move with it.
  const cx = parseFloat(canvas.style.left) || 0, cy = parseFloat(canvas.style.top) || 0;
  for (const field of price ? [input, price] : [input]) field.style.maxWidth = W - 2 * gap + "px";
  const w = input.offsetWidth, h = input.offsetHeight, pw = price ? price.offsetWidth : 0;
  const beside = price && w + gap + pw <= W - 2 * gap;
  const groupW = !price ? w : beside ? w + gap + pw : Math.max(w, pw);
  const groupH = price && !beside ? 2 * h + gap : h;
  const inside = (v, size, room) => Math.min(Math.max(v, gap), Math.max(gap, room - size - gap));
  const drawn = drawnAt(el);
  const left = inside(cx + drawn.left, groupW, W), top = inside(cy + drawn.top, groupH, H);
  input.style.left = left - cx + "px";
  input.style.top = top - cy + "px";
  if (price) {
    price.style.left = (beside ? left + w + gap : left) - cx + "px";
    price.style.top = (beside ? top : top + h + gap) - cy + "px";
  }
}

function stopEditing() {
  if (!editor) return;
  const input = editor;
  editor = null;
  input.remove();
  if (priceEditor) { priceEditor.remove(); priceEditor = null; }
}

// MARK: - Adding, deleting, arranging, exporting

function armed() {
  buttons["add-dish"].classList.toggle("armed", pendingKind === "dish");
  buttons["add-price"].classList.toggle("armed", pendingKind === "price");
  canvas.classList.toggle("placing", pendingKind !== null && textInput.value.trim() !== "");
}

function startAdding(kind) {
  stopEditing();
  pendingKind = kind;
  armed();
  if (textInput.value.trim() === "") {
    textInput.focus();
    say(kind === "dish" ? t("type the dish's name, then click the photo where it goes (Enter: free space)")
      : t("type the price, then click the photo where it goes (Enter: free space)"));
  } else {
    say(kind === "dish" ? t("click the photo where the dish goes (Enter: free space, Esc: cancel)")
      : t("click the photo where the price goes (Enter: free space, Esc: cancel)"));
  }
}

async function add(point) {
  const request = { op: "add", kind: pendingKind, text: textInput.value };
  if (pendingKind === "dish" && priceInput.value.trim() !== "") request.price = priceInput.value;
  if (point) request.at = position(point.x, point.y);
  const answer = await edit(request);
  if (answer) {
    textInput.value = "";
    priceInput.value = "";
    pendingKind = null;
    armed();
    // The keys work again at once: the focus leaves the text field for the new tag.
    if (answer.tag) {
      select(answer.tag.id);
      focusTag(answer.tag.id);
    }
    if (document.activeElement === textInput || document.activeElement === priceInput) document.activeElement.blur();
  }
}

function cancel() {
  pendingKind = null;
  stopEditing();
  armed();
  select(null);
}

async function removeSelected() {
  if (selectedId === null) return;
  const id = selectedId;
  select(null);
  await edit({ op: "delete", id });
}

// TRANSLATORS: where Save will write the picture: {name} is its file name, {folder} the folder's full path.
setUpExportChoices(exportDialog, (choice) => api("api/export-plan?" + exportQuery(choice)), (plan) => t("Saves {name} in {folder}", plan));
buttons.save.addEventListener("click", async () => {
  exportDialog.close();
  try {
    say(t("exporting…"));
    const answer = await api("api/export", { op: "export", ...exportChoice(exportDialog) });
    // TRANSLATORS: a line after the status's "wrote NAME…": the folder it is in, a full path.
    tell(answer, [t("in the folder {folder}", { folder: answer.folder })]);
  } catch (error) { fail(error); }
});
buttons.download.addEventListener("click", () => {
  exportDialog.close();
  const link = document.createElement("a");
  link.href = "api/download?" + exportQuery(exportChoice(exportDialog));
  link.download = "";
  document.body.appendChild(link);
  link.click();
  link.remove();
  say(t("downloading the picture…"));
});
buttons.close.addEventListener("click", () => exportDialog.close());

// MARK: - The stage: placing, deselecting, zoom and pan

stage.addEventListener("pointerdown", (event) => {
  stage.setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pan = { pinch: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale, cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, x: view.x, y: view.y };
  } else if (spaceHeld || (event.button === 1)) {
    pan = { startX: event.clientX, startY: event.clientY, x: view.x, y: view.y };
    stage.classList.add("panning");
  }
});
stage.addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (!pan) return;
  const box = stage.getBoundingClientRect();
  if (pan.pinch !== undefined && pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    const cx = (a.x + b.x) / 2, cy = (a.y + b.y) / 2;
    // The view the pinch began with, carried along by the fingers' midpoint: zoomTo then keeps
    // the photo's point that was between the fingers there (with the scale of now and the place
    // of then, the point drifted toward the photo's corner).
    view.scale = pan.scale;
    view.x = pan.x + (cx - pan.cx);
    view.y = pan.y + (cy - pan.cy);
    zoomTo(pan.scale * Math.hypot(a.x - b.x, a.y - b.y) / pan.pinch, cx - box.left, cy - box.top, true);
  } else if (pan.startX !== undefined) {
    view.x = pan.x + event.clientX - pan.startX;
    view.y = pan.y + event.clientY - pan.startY;
    view.fitted = false;
    view.zoomedAt = performance.now();
    layout(true);
  }
});
const endPointer = (event) => {
  pointers.delete(event.pointerId);
  if (pointers.size < 2 && pan && pan.pinch !== undefined) pan = null;
  if (pointers.size === 0 && pan) { pan = null; stage.classList.remove("panning"); }
};
stage.addEventListener("pointerup", endPointer);
stage.addEventListener("pointercancel", endPointer);

/// Adds the pending tag with its dot where the click is.
function placeAt(event) {
  if (textInput.value.trim() === "") { startAdding(pendingKind); return; }
  const box = canvas.getBoundingClientRect();
  add({ x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
}

stage.addEventListener("click", (event) => {
  if (spaceHeld || editor) return;
  if (pendingKind) placeAt(event); else select(null);
});

stage.addEventListener("wheel", (event) => {
  event.preventDefault();
  const box = stage.getBoundingClientRect();
  zoomTo(view.scale * Math.exp(-event.deltaY * 0.0015), event.clientX - box.left, event.clientY - box.top, true);
}, { passive: false });

function zoomStep(factor) { zoomTo(view.scale * factor); }
function oneToOne() { zoomTo(1 / (window.devicePixelRatio || 1)); }

buttons["zoom-in"].addEventListener("click", () => zoomStep(1.5));
buttons["zoom-out"].addEventListener("click", () => zoomStep(1 / 1.5));
buttons["zoom-fit"].addEventListener("click", () => { fit(); layout(); });

// MARK: - Buttons and keys

textInput.addEventListener("input", armed);
for (const field of [textInput, priceInput]) {
  field.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { cancel(); return; }
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (!pendingKind) pendingKind = "dish";
    if (textInput.value.trim() !== "") add(null);
  });
}

buttons["add-dish"].addEventListener("click", () => startAdding("dish"));
buttons["add-price"].addEventListener("click", () => startAdding("price"));
buttons.delete.addEventListener("click", removeSelected);
buttons.undo.addEventListener("click", () => edit({ op: "undo" }));
buttons.redo.addEventListener("click", () => edit({ op: "redo" }));
buttons.arrange.addEventListener("click", () => edit({ op: "arrange" }));
buttons.export.addEventListener("click", () => exportDialog.showModal());
buttons.help.addEventListener("click", () => helpDialog.showModal());
buttons["help-drawer"].addEventListener("click", () => helpDialog.showModal());
buttons.history.addEventListener("click", () => openDrawer(!drawerOpen()));
buttons["close-history"].addEventListener("click", closeDrawer);
document.addEventListener("pointerdown", (event) => {
  if (drawerOpen() && !side.contains(event.target) && !buttons.history.contains(event.target)) closeDrawer();
});

document.addEventListener("keydown", (event) => {
  if (event.target === textInput || event.target === priceInput || event.target === editor || exportDialog.open || helpDialog.open) return;
  const selected = state && selectedId !== null ? state.tags.find((t) => t.id === selectedId) : null;
  if (selected && !(event.ctrlKey || event.metaKey || event.altKey) && nudge(selected, event)) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === "z") {
    event.preventDefault();
    edit({ op: event.shiftKey ? "redo" : "undo" });
  } else if ((event.ctrlKey || event.metaKey) && key === "y") {
    event.preventDefault();
    edit({ op: "redo" });
  } else if (event.ctrlKey || event.metaKey || event.altKey) {
    return;
  } else if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    removeSelected();
  } else if (event.key === "Escape") {
    if (drawerOpen()) closeDrawer(); else cancel();
  } else if (event.key === "F2" && selectedId !== null) {
    event.preventDefault();
    const tag = state.tags.find((t) => t.id === selectedId);
    if (tag) startEditing(tag);
  } else if (event.key === "+" || event.key === "=") {
    zoomStep(1.5);
  } else if (event.key === "-") {
    zoomStep(1 / 1.5);
  } else if (event.key === "0") {
    fit();
    layout();
  } else if (event.key === "1") {
    oneToOne();
  } else if (event.key === "?") {
    helpDialog.showModal();
  } else if (key === "d" || key === "p") {
    // The letters the toolbar's tooltips name: D and P start adding (the letter is not typed).
    event.preventDefault();
    startAdding(key === "d" ? "dish" : "price");
  } else if (key === "a") {
    edit({ op: "arrange" });
  } else if (key === "e") {
    event.preventDefault();
    exportDialog.showModal();
  } else if (event.key === " ") {
    event.preventDefault();
    spaceHeld = true;
    stage.classList.add("panning");
  }
});
document.addEventListener("keyup", (event) => {
  if (event.key === " ") { spaceHeld = false; stage.classList.remove("panning"); }
});

// MARK: - Start, and follow edits made elsewhere

async function refresh(first) {
  try { await show(await api("api/state", undefined, first)); } catch (error) { fail(error); }
}

async function poll() {
  try {
    if (state && !drag && !stopped) {
      const { version } = await api("api/version");
      if (version !== state.version) await show(await api("api/state?" + known()));
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
  // boot.js has traded the token for an HttpOnly cookie (the photo's address needs it) and asked
  // for the state.
  const admitted = await tagprojBoot.admitted;
  if (admitted === "stopped") { fail(new Stopped("the session request failed")); return; }
  if (admitted === "refused") { say(tagprojBoot.refused, "error"); return; }
  await refresh(tagprojBoot.first);
  await photoShown();
  performance.measure("tagproj shown", { start: 0 });
  // The stage moved by the toolbar above it (a status of two lines, not a resize of the window):
  // the canvas back on the screen's pixel grid.
  new ResizeObserver(() => { if (state) placeCanvas(); }).observe(stage);
  window.addEventListener("resize", () => {
    if (!state) return;
    if (view.fitted) fit();
    layout();
    // A phone turned while a tag's text is edited: its fields stay on the screen.
    const el = editor && layer.querySelector('[data-tag-id="' + editor.dataset.tagId + '"]');
    if (el) placeEditors(el);
  });
  setTimeout(poll, 700);
}

start();
