// The history tree beside the photo, as `tagproj history --tree` draws it; an entry's picture
// previewed on hover and restored on a click; on a narrow screen, the drawer it is in.
"use strict";

// MARK: - The tree

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

buttons.history.addEventListener("click", () => openDrawer(!drawerOpen()));
buttons["close-history"].addEventListener("click", closeDrawer);
document.addEventListener("pointerdown", (event) => {
  if (drawerOpen() && !side.contains(event.target) && !buttons.history.contains(event.target)) closeDrawer();
});
