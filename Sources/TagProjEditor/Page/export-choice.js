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

/// The formats and sizes both dialogs offer: the value sent, and what the menu says.
const EXPORT_FORMATS = [["jpeg", "JPEG"], ["png", "PNG"], ["webp", "WebP"], ["avif", "AVIF"]];
const EXPORT_SIZES = [["full", t("Full size")], ["1080", t("1080 px (web)")], ["custom", t("Long side…")]];

/// Puts the choices' fields where `dialog` holds its `[data-export-choices]` placeholder, and
/// shows the long side's field while the size asked for is a custom one.
function setUpExportChoices(dialog) {
  const labelled = (text, ...fields) => {
    const label = document.createElement("label");
    label.append(text + " ", ...fields);
    return label;
  };
  const menu = (name, options) => {
    const select = document.createElement("select");
    select.name = name;
    for (const [value, text] of options) select.append(new Option(text, value));
    return select;
  };
  const longSide = Object.assign(document.createElement("input"), { name: "long-side", type: "number", min: "1", max: "100000", value: "2048" });
  // TRANSLATORS: the label of the field where the picture's long side is typed, in px.
  const custom = labelled(t("Long side"), longSide, " px");
  custom.className = "custom";
  custom.hidden = true;
  const size = menu("size", EXPORT_SIZES);
  dialog.querySelector("[data-export-choices]").replaceWith(labelled(t("Format"), menu("format", EXPORT_FORMATS)), labelled(t("Size"), size), custom);
  size.addEventListener("change", () => { custom.hidden = size.value !== "custom"; });
}
