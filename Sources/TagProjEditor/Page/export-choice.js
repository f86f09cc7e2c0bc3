// The export dialog's choices, as the editor's Export and the gallery's Export all both ask them:
// a format, and a size (full, 1080 px, or a long side typed in).
"use strict";

/// The export request members the choices of `dialog` make (the server names the file).
function exportChoice(dialog) {
  const form = dialog.querySelector("form");
  const choice = { format: form.format.value };
  if (form.size.value === "1080") choice.max_size = 1080;
  if (form.size.value === "custom") choice.max_size = Math.max(1, Math.round(Number(form["long-side"].value) || 1));
  return choice;
}

/// Shows the long side's field while the size `dialog` asks for is a custom one.
function watchExportSize(dialog) {
  dialog.querySelector("select[name=size]").addEventListener("change", (event) => {
    dialog.querySelector(".custom").hidden = event.target.value !== "custom";
  });
}
