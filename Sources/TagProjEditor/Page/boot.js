// The first thing the editor page runs, from the head, before its style and its script have
// loaded: it trades the address's token for the session cookie and asks for the project's state
// at once, side by side (the state with the token itself), so that editor.js finds the state
// there, or on its way, and asks for the photo as soon as it can lay the page out. editor.js reads
// what these requests answer, and says what went wrong.
"use strict";

window.tagprojBoot = (() => {
  const match = /[#&]token=([0-9a-f]{32})/.exec(location.hash);
  const headers = match ? { "X-Tagproj-Token": match[1] } : {};
  const session = match ? fetch("/api/session", { method: "POST", headers }) : null;
  const state = fetch("api/state", { headers });
  // Read by editor.js; until then a failure is not an unhandled rejection.
  for (const request of [session, state]) if (request) request.catch(() => {});
  return { session, state };
})();
