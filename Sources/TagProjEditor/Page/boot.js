// The first thing the editor's and the gallery's pages run, from the head, before their style and
// script have loaded: the address's token traded for the session cookie, and the page's first API
// call (the script tag's `data-first`: the project's state, the gallery's listing) asked at once,
// side by side, with the token itself. The page's script reads what these answer and words what
// went wrong.
"use strict";

// MARK: - The page's words in the browser's language
// The server wrote into the page (`<script type="application/json" id="tagproj-messages">`, see
// PageText.swift) the translations of this page's own messages into the language the browser asks
// for: `{lang, messages: {msgid or context\u0004msgid: text}, plurals: {msgid: {forms, index}}}`.
// A message it has no translation of is shown in the English it is written in. Every text the
// pages show goes through these three, with literal strings (scripts/update-pot.sh extracts them;
// the server reads the same calls to know the page's messages): whole sentences, `{name}`
// placeholders filled from `args`, as the Swift side's `tr`, `trc` and `trn`.

const tagprojText = JSON.parse(document.getElementById("tagproj-messages").textContent);

/// `text` with each `{name}` of `args` replaced by its value.
function tagprojFilled(text, args) {
  return args ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole)) : text;
}

/// `msgid` in the page's language.
function t(msgid, args) {
  return tagprojFilled(tagprojText.messages[msgid] ?? msgid, args);
}

/// `msgid` in `context` (a word that means more than one thing), in the page's language.
function tc(context, msgid, args) {
  return tagprojFilled(tagprojText.messages[context + "\u0004" + msgid] ?? msgid, args);
}

/// The form for `n` of a message (`{count}` filled with `n`), in the page's language.
function tn(one, many, n, args) {
  const plural = tagprojText.plurals[one];
  const text = plural ? plural.forms[Number(plural.index[n < 200 ? n : 100 + (n % 100)])] : n === 1 ? one : many;
  return tagprojFilled(text, { count: n, ...args });
}

// MARK: - The session and the first call

window.tagprojBoot = (() => {
  const first = document.currentScript.dataset.first;
  const match = /[#&]token=([0-9a-f]{32})/.exec(location.hash);
  const headers = match ? { "X-Tagproj-Token": match[1] } : {};
  const session = match ? fetch("/api/session", { method: "POST", headers }) : null;
  const answer = fetch(first, { headers });
  answer.catch(() => {});  // read by the page's script; until then not an unhandled rejection
  // "ok" once the cookie is set (the photo's and thumbnails' addresses need it) and the token
  // has left the address bar; "refused" for a token that is not this server's; "stopped" when
  // the server did not answer.
  const admitted = !session ? Promise.resolve("ok") : session.then((response) => {
    if (!response.ok) return "refused";
    history.replaceState(null, "", location.pathname);
    return "ok";
  }, () => "stopped");
  // The page's room (`W,H,RATIO`), told by the editor's script once the page has laid out, before
  // the state has come: the editor starts drawing the photo's first view for it at once. The
  // answer (`{w, h, view}`) is kept for tests; nothing waits for it.
  let roomAnswer = null;
  const room = (text) => {
    roomAnswer = fetch("api/room", { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ room: text }) })
      .then((response) => (response.ok ? response.json() : null), () => null);
  };
  return { admitted, first: answer, room, get roomAnswer() { return roomAnswer; }, refused: t("error: {message}", { message: t("this link's token is not valid; open the URL that 'tagproj open' printed") }) };
})();
