// The export dialog's choices, as the editor's Export and the gallery's Export all both ask them:
// a format, a size (full, 1080 px, or a long side typed in) and, for the formats that have one, a
// quality (the user's `export.quality` unless changed); and where the server will write.
"use strict";

/// The formats whose quality can be chosen (PNG is lossless).
const LOSSY_FORMATS = new Set(["jpeg", "webp", "avif"]);

/// The export request members the choices of `dialog` make (the server names the file). A
/// quality is sent only when it was changed from the user's own default, which the server takes
/// by itself (and which keeps a full-size JPEG lossless).
function exportChoice(dialog) {
  const form = dialog.querySelector("form");
  const choice = { format: form.format.value };
  if (form.size.value === "1080") choice.max_size = 1080;
  if (form.size.value === "custom") choice.max_size = Math.max(1, Math.round(Number(form["long-side"].value) || 1));
  const quality = form.quality;
  if (LOSSY_FORMATS.has(choice.format) && quality.value !== quality.dataset.default) {
    choice.quality = Math.min(100, Math.max(1, Math.round(Number(quality.value) || 1)));
  }
  return choice;
}

/// `choice` as query arguments (`format=png&max_size=1080`).
function exportQuery(choice) {
  return Object.entries(choice).map(([k, v]) => k + "=" + encodeURIComponent(v)).join("&");
}

/// The formats and sizes both dialogs offer: the value sent, and what the menu says.
const EXPORT_FORMATS = [["jpeg", "JPEG"], ["png", "PNG"], ["webp", "WebP"], ["avif", "AVIF"]];
const EXPORT_SIZES = [["full", t("Full size")], ["1080", t("1080 px (web)")], ["custom", t("Long side…")]];

/// Puts the choices' fields where `dialog` holds its `[data-export-choices]` placeholder, shows
/// the long side's field while the size asked for is a custom one and the quality's while the
/// format has one. `plan(choice)` answers the server's plan for the choices (`{quality, name?,
/// folder}`) and `where(plan)` words it; both are asked again as the dialog opens and as a
/// choice changes, the plan's quality becoming the field's default until the user changes it.
function setUpExportChoices(dialog, plan, where) {
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
  const quality = Object.assign(document.createElement("input"), { name: "quality", type: "number", min: "1", max: "100", value: "92" });
  quality.dataset.default = "92";
  // TRANSLATORS: the export's JPEG/WebP/AVIF quality, 1 to 100; the hint says where its default comes from.
  const qualityLabel = labelled(t("Quality"), quality);
  qualityLabel.className = "quality";
  qualityLabel.title = t("1 to 100; the default is export.quality of tagproj config");
  const size = menu("size", EXPORT_SIZES), format = menu("format", EXPORT_FORMATS);
  const said = document.createElement("p");
  said.className = "export-where";
  said.setAttribute("aria-live", "polite");
  dialog.querySelector("[data-export-choices]").replaceWith(labelled(t("Format"), format), labelled(t("Size"), size), custom, qualityLabel, said);
  let asked = 0;
  const update = async () => {
    custom.hidden = size.value !== "custom";
    qualityLabel.hidden = !LOSSY_FORMATS.has(format.value);
    const mine = ++asked;
    try {
      const answer = await plan(exportChoice(dialog));
      if (mine !== asked) return;  // a later choice's plan is on its way
      if (quality.value === quality.dataset.default) quality.value = String(answer.quality);
      quality.dataset.default = String(answer.quality);
      said.textContent = where(answer);
      said.classList.remove("error");
    } catch (error) {
      if (mine !== asked) return;
      said.textContent = t("error: {message}", { message: error.message });
      said.classList.add("error");
    }
  };
  // The dialog's own fields that change the plan too (the gallery's folder) ask it again as well.
  for (const field of [size, format, longSide, quality, ...dialog.querySelectorAll("input[name=folder]")]) field.addEventListener("change", update);
  // As the dialog opens, whoever opens it: the name may have been taken since.
  new MutationObserver(() => { if (dialog.open) update(); }).observe(dialog, { attributes: true, attributeFilter: ["open"] });
}
