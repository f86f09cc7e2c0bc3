// The page's words in the browser's language, for the editor's page and the gallery's: the first
// part of /boot.js (this, then server.js), which both run first, from their head, so that every
// script after it words what it shows through `t`, `tc` and `tn`.
"use strict";

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
