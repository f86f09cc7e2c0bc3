// The page started: the first state (asked for by server.js from the head) shown, then every
// edit made elsewhere (the CLI, another page) followed.
"use strict";


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
  // server.js has traded the token for an HttpOnly cookie (the photo's address needs it) and asked
  // for the state.
  const admitted = await tagprojServer.admitted;
  if (admitted === "stopped") { fail(new ServerStopped("the session request failed")); return; }
  if (admitted === "refused") { say(tagprojServer.refused, "error"); return; }
  await refresh(tagprojServer.first);
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
