// Editing text: a tag's text (and a dish's price) in place over it; adding a tag from the
// toolbar's fields; deleting the selected tag.
"use strict";

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

// MARK: - Adding and deleting

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
