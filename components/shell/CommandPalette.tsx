"use client";

import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { TextInput } from "@/components/ui/FormFields.tsx";
import { classNames } from "@/components/ui/class-names.ts";
import { isPaletteShortcut, matchCommands, type PaletteCommand } from "./command-palette.ts";

export type RunnableCommand = PaletteCommand & { run: () => void };

/** Opens the palette on Ctrl+K / ⌘K wherever the focus is (the browser's own use of the keys gives way). */
export function usePaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      open();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open]);
}

/**
 * The command palette: type to find a command (start a task, open a worktree or a repository, go to
 * what needs you or the settings), move with the arrows, run it with Enter. A combobox over a
 * listbox, so a screen reader follows the highlighted command.
 */
export function CommandPalette(props: { isOpen: boolean; onClose: () => void; commands: RunnableCommand[] }) {
  const headingId = useId();
  return (
    <Dialog
      isOpen={props.isOpen}
      onCancel={props.onClose}
      labelledBy={headingId}
      testId="command-palette"
      className="max-w-lg self-start sm:mt-[12vh]"
    >
      <h2 id={headingId} className="sr-only">
        Commands
      </h2>
      <PaletteBody commands={props.commands} onClose={props.onClose} />
    </Dialog>
  );
}

function PaletteBody(props: { commands: RunnableCommand[]; onClose: () => void }) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => matchCommands(props.commands, query), [props.commands, query]);
  const current = matches[Math.min(active, matches.length - 1)];
  const run = (command: RunnableCommand | undefined) => {
    if (!command) return;
    props.onClose();
    command.run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move !== undefined && matches.length > 0) {
      event.preventDefault();
      setActive((index) => (Math.min(index, matches.length - 1) + move + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      run(current);
    }
  };
  const optionId = (command: RunnableCommand) => `${listId}-${command.id}`;
  return (
    <div className="flex max-h-[70vh] flex-col p-2">
      <TextInput
        size="lg"
        autoFocus
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-activedescendant={current ? optionId(current) : undefined}
        aria-label="Type a command, a worktree, a plan or a repository"
        placeholder="Commands, worktrees, plans, repositories…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="w-full"
        autoComplete="off"
        spellCheck={false}
        data-testid="palette-input"
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="mt-2 min-h-0 overflow-y-auto">
        {matches.map((command, index) => (
          <li
            key={command.id}
            id={optionId(command)}
            role="option"
            aria-selected={command === current}
            data-testid="palette-option"
            data-command={command.id}
            onMouseMove={() => setActive(index)}
            onClick={() => run(command)}
            className={classNames(
              "flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5 text-sm",
              command === current && "bg-emerald-100 dark:bg-emerald-900/50",
            )}
          >
            {/* The name keeps its room; the detail takes what is left (at least a quarter) and is cut first. */}
            <span className="min-w-0 truncate">{command.label}</span>
            {command.detail ? (
              <span className="min-w-[25%] flex-1 basis-0 truncate text-right text-xs text-zinc-600 dark:text-zinc-300">
                {command.detail}
              </span>
            ) : null}
            <span className="ml-auto shrink-0 text-[10px] uppercase text-zinc-600 dark:text-zinc-300">
              {command.group}
            </span>
          </li>
        ))}
      </ul>
      {matches.length === 0 ? (
        <p className="px-2 py-3 text-sm text-zinc-500" data-testid="palette-empty">
          Nothing matches “{query}”. Try the branch of a worktree, a repository, “task” or “settings”.
        </p>
      ) : null}
    </div>
  );
}
