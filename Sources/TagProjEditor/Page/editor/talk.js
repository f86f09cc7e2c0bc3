// Talking to the server: every edit is one request (`api/edit`) whose answer is shown in the
// status line and redrawn; the page's history is kept whole from the entries each answer adds.
// Requests go through server.js (the session, retries while the project is busy, errors).
"use strict";

/// The answer to `path` (a POST of `body` as JSON when given; `first`, when given, is that request
/// already sent by server.js); while the project is busy, the status says so.
function api(path, body, first) {
  if (body !== undefined) busy();  // an edit: the tiles wait
  return tagprojServer.request(path, {
    json: body, first, onBusy: () => say(t("the project is busy (another tagproj is editing it); retrying…"), "warning"),
  });
}

/// `text` in the status line, marked as `kind` (`error`, `warning`); with `fix`, a button that
/// sends its request (`{label, request}`, as the server offers it).
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

/// What went wrong, in the status: the server gone (and what to do), or its refusal.
function fail(error) {
  if (error instanceof ServerStopped) {
    stopped = true;
    say(state ? t("tagproj open has stopped, so nothing more can be saved; run 'tagproj open {project}' in a terminal and open the address it prints", { project: state.name + ".tagproj" })
      : t("tagproj open has stopped, so nothing more can be saved; run 'tagproj open the project' in a terminal and open the address it prints"), "error");
    return;
  }
  say(tagprojServer.errorText(error), "error", (error.answer || {}).fix);
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
