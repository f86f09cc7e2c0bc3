// Talking to `tagproj open`'s server, for the editor's page and the gallery's: the session (the
// address's token traded for a cookie), the page's first call, and every request after it, with
// what went wrong worded once. Served after words.js as /boot.js, run from the head before the
// page's style and scripts have loaded, so that the session and the first call (the script tag's `data-first`: the project's
// state, the gallery's listing) are asked at once, side by side, with the token itself; the
// page's scripts read what they answer.
//
// Every API path is relative: at `/` (`tagproj open P`) it is the server's own, at `/p/NAME/` (a
// project of the gallery, `tagproj open DIR`) that project's.
"use strict";

/// The server no longer answers: `tagproj open` has stopped (each page words what that means for it).
class ServerStopped extends Error {}

window.tagprojServer = (() => {
  const first = document.currentScript.dataset.first;
  // The token is in the address's fragment (`#token=…`), which the browser never sends: it is
  // sent once, in a header, to be traded for an HttpOnly cookie, and then taken off the address.
  const match = /[#&]token=([0-9a-f]{32})/.exec(location.hash);
  const headers = match ? { "X-Tagproj-Token": match[1] } : {};
  const session = match ? fetch("/api/session", { method: "POST", headers }) : null;
  const firstAnswer = fetch(first, { headers });
  firstAnswer.catch(() => {});  // read by the page's script; until then not an unhandled rejection
  // "ok" once the cookie is set (the photo's and thumbnails' addresses need it) and the token
  // has left the address bar; "refused" for a token that is not this server's; "stopped" when
  // the server did not answer.
  const admitted = !session ? Promise.resolve("ok") : session.then((response) => {
    if (!response.ok) return "refused";
    history.replaceState(null, "", location.pathname);
    return "ok";
  }, () => "stopped");

  // The page's room (`W,H,RATIO`), told by layout.js once the editor's page has laid out, before
  // the state has come: the server starts drawing the photo's first view for it at once. The
  // answer (`{w, h, view}`) is kept for tests; nothing waits for it.
  let roomAnswer = null;
  const room = (text) => {
    roomAnswer = fetch("api/room", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ room: text }) })
      .then((response) => (response.ok ? response.json() : null), () => null);
  };

  /// The JSON answer to `path`: a GET; with `json`, a POST of it as JSON; with `body` (a file), a
  /// POST of its bytes with `headers`. `first`, when given, is this request already sent (the
  /// page's first call). While the project is busy (another tagproj is editing it: 503) the
  /// request is sent again, half a second apart, twenty times at most, `onBusy` told each time.
  /// Throws `ServerStopped` when the server does not answer, and an error whose `answer` is the
  /// server's (`{error, hint, fix, on_the_picture}`) when it refuses.
  async function request(path, { json, body, headers: more, first, onBusy } = {}) {
    const options = json !== undefined ? { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(json) }
      : body !== undefined ? { method: "POST", headers: more || {}, body } : {};
    for (let attempt = 0; ; attempt++) {
      let response;
      try {
        response = await (attempt === 0 && first ? first : fetch(path, options));
      } catch (error) {
        throw new ServerStopped(String(error));
      }
      if (response.status === 503 && attempt < 20) {
        if (onBusy) onBusy();
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      const data = await response.json().catch(() => ({ error: t("the server sent no JSON ({status})", { status: response.status }) }));
      if (!response.ok) throw Object.assign(new Error(data.on_the_picture || data.error || String(response.status)), { answer: data });
      return data;
    }
  }

  /// What went wrong with a request, as a page's status says it: `error: …`, with the server's
  /// hint, unless the answer offers a fix (a button that carries it out says it instead).
  function errorText(error) {
    const answer = error.answer || {};
    // TRANSLATORS: an error and the hint that goes with it, both worded by the server.
    return t("error: {message}", { message: answer.hint && !answer.fix ? t("{error} ({hint})", { error: error.message, hint: answer.hint }) : error.message });
  }

  return {
    admitted, first: firstAnswer, room, get roomAnswer() { return roomAnswer; }, request, errorText,
    refused: t("error: {message}", { message: t("this link's token is not valid; open the URL that 'tagproj open' printed") }),
  };
})();
