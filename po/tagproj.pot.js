Sources/TagProjEditor/Page/boot.js
Sources/TagProjEditor/Page/editor.js
Sources/TagProjEditor/Page/export-choice.js
Sources/TagProjEditor/Page/gallery.js
Sources/TagProjEditor/Page/layout.js
