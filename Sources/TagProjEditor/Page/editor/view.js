// The photo on the stage: fitted, zoomed (at most 2× its own pixels) and panned; a zoomed view's
// detail fetched at the screen's real pixels; and, once the page is left alone, the photo held
// at its own pixels as tiles, so that 1:1 and a pan there need nothing fetched.
"use strict";

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
