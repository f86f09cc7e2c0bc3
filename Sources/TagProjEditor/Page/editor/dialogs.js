// The dialogs: Export (a format, a size and a quality; Save writes beside the photo, Download
// gives the browser the same bytes) and the list of every gesture and key (`?`).
"use strict";

// MARK: - Export

// TRANSLATORS: where Save will write the picture: {name} is its file name, {folder} the folder's full path.
setUpExportChoices(exportDialog, (choice) => api("api/export-plan?" + exportQuery(choice)), (plan) => t("Saves {name} in {folder}", plan));
buttons.save.addEventListener("click", async () => {
  exportDialog.close();
  try {
    say(t("exporting…"));
    const answer = await api("api/export", { op: "export", ...exportChoice(exportDialog) });
    // TRANSLATORS: a line after the status's "wrote NAME…": the folder it is in, a full path.
    tell(answer, [t("in the folder {folder}", { folder: answer.folder })]);
  } catch (error) { fail(error); }
});
buttons.download.addEventListener("click", () => {
  exportDialog.close();
  const link = document.createElement("a");
  link.href = "api/download?" + exportQuery(exportChoice(exportDialog));
  link.download = "";
  document.body.appendChild(link);
  link.click();
  link.remove();
  say(t("downloading the picture…"));
});
buttons.close.addEventListener("click", () => exportDialog.close());
buttons.export.addEventListener("click", () => exportDialog.showModal());
buttons.help.addEventListener("click", () => helpDialog.showModal());
buttons["help-drawer"].addEventListener("click", () => helpDialog.showModal());
