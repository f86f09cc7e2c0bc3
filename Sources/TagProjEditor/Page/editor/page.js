// The tagproj editor page: the photo with its tags, drawn by tagproj's own renderer, and every
// gesture sent to the server as one request of the library's JSON dialect (the lines `apply`
// reads). What an edit did is worded by the server (its answers' notices); the page words its
// own controls, and the few states only it sees (the server gone, a gesture it refused). Plain
// JavaScript, no libraries: it runs offline.
//
// Its parts, by job, in the order they run, after the scripts it shares with the gallery
// (words.js and server.js in the head, as /boot.js; layout.js and export-choice.js); the server
// joins them into one script, /editor.js (Sources/CEditor/page.c), so they share one scope:
//   editor/page.js      the page's elements and what it holds (this file)
//   editor/talk.js      talking to the server: edits, their answers in the status, errors
//   editor/view.js      the photo: fit, zoom and pan, the detail of a zoomed view, the tiles held
//   editor/tags.js      drawing the tags: their images from the server's renderer, placed
//   editor/history.js   the history tree, its previews, and the drawer it is in on a phone
//   editor/gestures.js  a tag's gestures, the stage's (placing, pinch, wheel, pan), and the keys
//   editor/editing.js   a tag's text edited in place, adding and deleting
//   editor/dialogs.js   the export dialog and the keys' list
//   editor/start.js     the first state, and edits made elsewhere followed
// Each defines functions and, at its end, wires its own controls; only start.js starts anything.
// (A part added here is added to page.c's /editor.js too; a test checks the two agree.)
"use strict";

const stage = document.getElementById("stage");
const canvas = document.getElementById("canvas");
const photo = document.getElementById("photo");
let detail = document.getElementById("detail");   // replaced by each new region's image
const tileLayer = document.getElementById("tiles");  // the photo at its own pixels, once held
const layer = document.getElementById("tags");
const statusLine = document.getElementById("status");
const textInput = document.getElementById("tag-text");
const priceInput = document.getElementById("tag-price");
const historyList = document.getElementById("history");
const side = document.getElementById("side");
const exportDialog = document.getElementById("export-dialog");
const helpDialog = document.getElementById("help-dialog");
const buttons = {};
for (const b of document.querySelectorAll("[data-action]")) buttons[b.dataset.action] = b;

let state = null;            // the last /api/state answer
let selectedId = null;
let pendingKind = null;      // "dish" or "price" while adding
let drag = null;             // the drag of a tag in progress
let pan = null;              // the pan in progress
let spaceHeld = false;
let stopped = false;         // the server no longer answers
const images = new Map();    // "id|side" -> { key, url, origin, width, height }
const pointers = new Map();  // touches on the stage, for pinch and two-finger pan
// The view: CSS pixels per photo pixel, and where the photo's top-left corner is in the stage.
const view = { scale: 1, x: 0, y: 0, fitted: true };
