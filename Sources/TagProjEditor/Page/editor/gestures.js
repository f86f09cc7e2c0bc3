// Gestures: on a tag (select, flip, drag under the rule `move` keeps, long-press and arrows), on
// the stage (placing a tag, deselecting, pinch, wheel and pan), and the page's keys.
"use strict";

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

// MARK: - Keys, and the buttons that edit

buttons.undo.addEventListener("click", () => edit({ op: "undo" }));
buttons.redo.addEventListener("click", () => edit({ op: "redo" }));
buttons.arrange.addEventListener("click", () => edit({ op: "arrange" }));

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
