"use client";

/** What a tool would be run with: a Bash command and Claude's description of it, or any other tool's input as JSON. */
export function ToolRequestInput({ toolName, input }: { toolName: string; input: Record<string, unknown> }) {
  const command = typeof input.command === "string" ? input.command : null;
  const description = typeof input.description === "string" ? input.description : null;
  if (toolName === "Bash" && command !== null) {
    return (
      <div className="space-y-1">
        <pre
          data-testid="approval-command"
          className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md bg-zinc-900 px-2.5 py-1.5 font-mono text-[12px] text-zinc-100 dark:bg-zinc-950"
        >
          <span aria-hidden className="select-none text-zinc-500">
            ${" "}
          </span>
          {command}
        </pre>
        {description ? (
          <p className="text-[11px] text-zinc-600 dark:text-zinc-400" data-testid="approval-description">
            Claude: “{description}”
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <pre
      data-testid="approval-input"
      className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded-md bg-zinc-100 px-2.5 py-1.5 font-mono text-[11px] dark:bg-zinc-950"
    >
      {JSON.stringify(input, null, 2)}
    </pre>
  );
}
