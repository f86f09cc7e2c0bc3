// Drawing the tags: each tag's image drawn by the server's renderer at the view's real pixels
// (asked for many at once), kept while it stays the same, and placed where its dot is.
"use strict";


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
