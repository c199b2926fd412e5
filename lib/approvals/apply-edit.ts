/** Applies an Edit/MultiEdit tool input to a file's text, as Claude Code would (pure); null when it cannot. */
export function applyEdits(input: {
  text: string;
  edits: Array<{ oldString: string; newString: string; replaceAll: boolean }>;
}): { after: string } | { failure: string } {
  let text = input.text;
  for (const edit of input.edits) {
    if (edit.oldString === "") return { failure: "an edit with an empty old_string" };
    const first = text.indexOf(edit.oldString);
    if (first === -1) return { failure: "the text to replace is not in the file (it may have changed)" };
    if (edit.replaceAll) text = text.split(edit.oldString).join(edit.newString);
    else {
      if (text.indexOf(edit.oldString, first + 1) !== -1) {
        return { failure: "the text to replace occurs more than once; Claude Code will refuse this edit" };
      }
      text = text.slice(0, first) + edit.newString + text.slice(first + edit.oldString.length);
    }
  }
  return { after: text };
}

/** The edits of an Edit or MultiEdit input, or null when the input has another shape. */
export function readEdits(
  toolName: string,
  toolInput: Record<string, unknown>,
): Array<{ oldString: string; newString: string; replaceAll: boolean }> | null {
  const one = (value: Record<string, unknown>) =>
    typeof value.old_string === "string" && typeof value.new_string === "string"
      ? { oldString: value.old_string, newString: value.new_string, replaceAll: value.replace_all === true }
      : null;
  if (toolName === "Edit") {
    const edit = one(toolInput);
    return edit ? [edit] : null;
  }
  if (toolName === "MultiEdit" && Array.isArray(toolInput.edits)) {
    const edits = toolInput.edits.map((item) =>
      typeof item === "object" && item ? one(item as Record<string, unknown>) : null,
    );
    return edits.every((edit) => edit !== null) ? edits : null;
  }
  return null;
}
