// Arbor's own lint rules: the architecture written down as checks (see ARCHITECTURE.md).
import { componentsImportPureLib } from "./components-import-pure-lib.mjs";
import { noFileCycles } from "./no-file-cycles.mjs";
import { noFolderCycles } from "./no-folder-cycles.mjs";

export const arborPlugin = {
  meta: { name: "arbor" },
  rules: {
    "no-file-cycles": noFileCycles,
    "no-folder-cycles": noFolderCycles,
    "components-import-pure-lib": componentsImportPureLib,
  },
};
