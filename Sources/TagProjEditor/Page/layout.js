// Run right after the editor's page is laid out (its markup parsed, its style loaded), before the
// editor's script has loaded and long before the project's state has come: shows the way back to
// the gallery when the editor is a gallery's, and tells the editor the room the photo will be
// fitted in, so that it starts drawing the photo's first view for it at once (`POST
// /api/room`). `tagprojRoom()` is the room the editor's script fits the photo in.
"use strict";

/// The CSS pixels the fitted photo may take: the stage less its margin (the style's
/// `--room-margin`: 16 px at a desktop, none on a phone, whose photo goes to the screen's edges).
window.tagprojRoom = () => {
  const stage = document.getElementById("stage");
  const margin = parseFloat(getComputedStyle(stage).getPropertyValue("--room-margin")) || 0;
  return { w: Math.max(stage.clientWidth - margin, 50), h: Math.max(stage.clientHeight - margin, 50) };
};

/// The room as the editor reads it: `W,H,RATIO`.
window.tagprojRoomText = () => {
  const { w, h } = tagprojRoom();
  return w + "," + h + "," + (window.devicePixelRatio || 1);
};

document.getElementById("gallery-back").hidden = !location.pathname.startsWith("/p/");
tagprojServer.room(tagprojRoomText());
