// The tagproj gallery page (`tagproj open DIR`): every project of the folder as a thumbnail the
// renderer drew, a click opening it in the editor (`/p/NAME/`), photos dropped or picked becoming
// new projects, and Export all. What the server did is worded by the server; the page words its
// own controls.
"use strict";

const grid = document.getElementById("grid");
const empty = document.getElementById("empty");
const statusLine = document.getElementById("status");
const picker = document.getElementById("file-picker");
const dialog = document.getElementById("export-all-dialog");
const report = document.getElementById("report");
const reportDialog = document.getElementById("report-dialog");
const cards = new Map();  // project name -> { card, version }
let started = false;      // the first paint has been measured

/// The JSON answer to `path` (see server.js's `request` for `options`).
function api(path, options) { return tagprojServer.request(path, options); }

function say(text, kind) {
  statusLine.textContent = text;
  statusLine.className = kind || "";
}

/// What went wrong, in the status: the server gone (and what to do), or its refusal.
function fail(error) {
  say(error instanceof ServerStopped ? t("tagproj open has stopped; run it again in a terminal and open the address it prints")
    : tagprojServer.errorText(error), "error");
}

// MARK: - The grid

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function makeCard(project) {
  const card = element("a", "card");
  card.href = "/p/" + encodeURIComponent(project.name) + "/";
  card.dataset.project = project.name;
  const picture = element("div", "picture");
  const img = element("img");
  img.alt = project.name;
  picture.appendChild(img);
  card.append(picture, element("span", "name", project.name), element("span", "dishes"), element("span", "count"), element("ul", "warnings"));
  return card;
}

/// Fills a card with what the listing says, and fetches its thumbnail when the project changed.
function fillCard(entry, project) {
  const { card } = entry;
  const warnings = card.querySelector(".warnings");
  warnings.replaceChildren();
  if (project.error) {
    card.querySelector(".count").textContent = "";
    card.querySelector(".dishes").textContent = "";
    warnings.appendChild(element("li", "error", t("error: {message}", {message: project.error})));
    card.dataset.ready = "true";
    return Promise.resolve();
  }
  // Its dishes and prices as drawn, cut with an ellipsis when long, whole in the title.
  const dishes = card.querySelector(".dishes");
  // TRANSLATORS: between two tags of a card, "宫保鸡丁 ¥38 · 拿铁 ¥28".
  dishes.textContent = (project.labels || []).join(t(" · "));
  if (dishes.textContent) dishes.title = dishes.textContent; else dishes.removeAttribute("title");
  card.querySelector(".count").textContent = tn("{count} tag", "{count} tags", project.tags);
  card.dataset.tags = String(project.tags);
  for (const text of project.warnings) warnings.appendChild(element("li", "", t("warning: {message}", {message: text})));
  if (entry.version === project.version) {
    for (const text of entry.thumbnailWarnings || []) warnings.appendChild(element("li", "", t("warning: {message}", {message: text})));
    return Promise.resolve();
  }
  entry.version = project.version;
  return thumbnail(entry, project);
}

async function thumbnail(entry, project) {
  const { card } = entry;
  const img = card.querySelector("img");
  const warnings = card.querySelector(".warnings");
  try {
    const response = await fetch("api/thumbnail?name=" + encodeURIComponent(project.name) + "&v=" + encodeURIComponent(project.version));
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: String(response.status) }));
      warnings.appendChild(element("li", "error", t("error: {message}", {message: data.error})));
      entry.thumbnailWarnings = [];
      return;
    }
    // `stored|drawn-and-stored|drawn-not-stored[; warning=…]`
    const [origin, ...rest] = (response.headers.get("X-Tagproj-Thumbnail") || "").split("; ");
    card.dataset.thumbnail = origin;
    entry.thumbnailWarnings = rest.filter((part) => part.startsWith("warning=")).map((part) => decodeURIComponent(part.slice(8)));
    for (const text of entry.thumbnailWarnings) warnings.appendChild(element("li", "", t("warning: {message}", {message: text})));
    const url = URL.createObjectURL(await response.blob());
    await new Promise((resolve) => { img.onload = resolve; img.onerror = resolve; img.src = url; });
    if (entry.url) URL.revokeObjectURL(entry.url);
    entry.url = url;
  } finally {
    card.dataset.ready = "true";
  }
}

/// The grid as the folder is now: a card per project, in the listing's order.
async function refresh(first) {
  const listing = await api("api/gallery", { first });
  document.getElementById("folder").textContent = listing.folder;
  document.title = t("{folder} — tagproj gallery", { folder: listing.folder });
  const names = new Set(listing.projects.map((p) => p.name));
  for (const [name, entry] of cards) {
    if (!names.has(name)) { entry.card.remove(); cards.delete(name); }
  }
  const loads = [];
  for (const project of listing.projects) {
    let entry = cards.get(project.name);
    if (!entry) { entry = { card: makeCard(project) }; cards.set(project.name, entry); }
    grid.appendChild(entry.card);  // in the listing's order
    loads.push(fillCard(entry, project));
  }
  empty.hidden = listing.projects.length > 0;
  await Promise.all(loads);
  if (!started) {
    started = true;
    performance.measure("tagproj gallery shown", { start: 0 });
  }
}

// MARK: - Uploads: a photo dropped or picked becomes a project

async function upload(files) {
  for (const file of files) {
    say(t("adding {name}…", { name: file.name }));
    try {
      const answer = await api("api/upload", {
        body: file,
        headers: { "Content-Type": file.type || "application/octet-stream", "X-Tagproj-File-Name": encodeURIComponent(file.name) },
      });
      say(answer.said.join("  ") + (answer.warning ? "  warning: " + answer.warning : ""), answer.warning ? "warning" : "");
    } catch (error) {
      fail(error);
    }
  }
  try { await refresh(); } catch (error) { fail(error); }
}

picker.addEventListener("change", () => { const files = [...picker.files]; picker.value = ""; upload(files); });
document.addEventListener("dragover", (event) => { event.preventDefault(); document.body.classList.add("dropping"); });
document.addEventListener("dragleave", () => document.body.classList.remove("dropping"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("dropping");
  upload([...event.dataTransfer.files]);
});

// MARK: - Export all

document.querySelector("[data-action=export-all]").addEventListener("click", () => dialog.showModal());
dialog.querySelector("[data-action=close]").addEventListener("click", () => dialog.close());
// TRANSLATORS: where Export all will write: {folder} is the full path of the folder ('exported' unless another is named).
const folderField = dialog.querySelector("input[name=folder]");
setUpExportChoices(dialog, () => api("api/export-plan?folder=" + encodeURIComponent(folderField.value.trim())), (plan) => t("Saves into {folder}", plan));
dialog.querySelector("[data-action=save-all]").addEventListener("click", async () => {
  dialog.close();
  say(t("exporting every project…"));
  try {
    const answer = await api("api/export-all", { json: { ...exportChoice(dialog), folder: folderField.value.trim() } });
    report.replaceChildren();
    let failed = 0;
    for (const item of answer.exported) {
      if (item.error) {
        failed++;
        report.appendChild(element("li", "error", t("{name}: {said}", { name: item.name, said: t("error: {message}", { message: item.error.error }) })));
      } else {
        const notices = item.answer.notices.map((n) => n.severity === "warning" ? t("warning: {message}", { message: n.text }) : n.text);
        report.appendChild(element("li", "", t("{name}: {said}", { name: item.name, said: item.answer.said.concat(notices).join("  ") })));
      }
    }
    const summary = tn("exported {done} of {count} project", "exported {done} of {count} projects", answer.exported.length, { done: answer.exported.length - failed });
    say(summary, failed ? "error" : "");
    // Where it is seen: a dialog over the grid, its heading focused for a screen reader to read on.
    // TRANSLATORS: {summary} is "exported 3 of 3 projects"; {folder} the full path of the folder written into.
    document.getElementById("report-folder").textContent = t("{summary}, in the folder {folder}", { summary, folder: answer.folder });
    reportDialog.showModal();
    document.getElementById("report-title").focus();
  } catch (error) {
    fail(error);
  }
});

// MARK: - Start, and follow the folder

async function poll() {
  try { await refresh(); } catch (error) { fail(error); }
  setTimeout(poll, 1500);
}

async function start() {
  // server.js has traded the token for an HttpOnly cookie (the thumbnails' addresses need it) and
  // asked for the listing.
  const admitted = await tagprojServer.admitted;
  if (admitted === "stopped") { fail(new ServerStopped("the session request failed")); return; }
  if (admitted === "refused") { say(tagprojServer.refused, "error"); return; }
  try { await refresh(tagprojServer.first); } catch (error) { fail(error); }
  setTimeout(poll, 1500);
}

start();
