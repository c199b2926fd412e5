"use client";

import { ARBOR_HOOK_EVENTS } from "@/lib/hook-events/hook-events.ts";
import { distinctValues } from "@/components/timeline/build-worktree-timeline.ts";
import { FilterSelect } from "@/components/timeline/FilterSelect.tsx";
import { Checkbox, TextInput } from "@/components/ui/FormFields.tsx";

export interface LogsFilterState {
  search: string;
  eventName: string;
  toolName: string;
  worktreePath: string;
  isUnpinned: boolean;
}

export const EMPTY_LOGS_FILTER: LogsFilterState = {
  search: "",
  eventName: "",
  toolName: "",
  worktreePath: "",
  isUnpinned: false,
};

const COMMON_TOOLS = [
  "Bash",
  "Edit",
  "Glob",
  "Grep",
  "MultiEdit",
  "NotebookEdit",
  "Read",
  "Task",
  "TodoWrite",
  "WebFetch",
  "WebSearch",
  "Write",
];

/** Search and filters of the Logs page: text, event, tool, and which directory (a worktree, or unpinned ones). */
export function LogsFilters(props: {
  value: LogsFilterState;
  onChange: (value: LogsFilterState) => void;
  worktreePaths: string[];
}) {
  const { value } = props;
  const set = <K extends keyof LogsFilterState>(field: K, next: LogsFilterState[K]) =>
    props.onChange({ ...value, [field]: next });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="logs-filters">
      <TextInput
        type="search"
        size="lg"
        data-testid="logs-search"
        value={value.search}
        onChange={(event) => set("search", event.target.value)}
        placeholder="Search summaries, session ids, tools…"
        aria-label="Search hook events"
        className="w-72"
      />
      <FilterSelect
        label="Event"
        testId="logs-filter-event"
        value={value.eventName}
        options={distinctValues([...ARBOR_HOOK_EVENTS])}
        onChange={(next) => set("eventName", next)}
      />
      <FilterSelect
        label="Tool"
        testId="logs-filter-tool"
        value={value.toolName}
        options={COMMON_TOOLS}
        onChange={(next) => set("toolName", next)}
      />
      {value.isUnpinned ? null : (
        <FilterSelect
          label="Worktree"
          testId="logs-filter-worktree"
          anyLabel="all directories"
          value={value.worktreePath}
          options={props.worktreePaths}
          onChange={(next) => set("worktreePath", next)}
        />
      )}
      <label
        className="flex items-center gap-1 text-[11px] text-zinc-500"
        title="Events from directories outside every pinned repository"
      >
        <Checkbox
          data-testid="logs-filter-unpinned"
          checked={value.isUnpinned}
          onChange={(event) => props.onChange({ ...value, isUnpinned: event.target.checked, worktreePath: "" })}
        />
        only unpinned directories
      </label>
    </div>
  );
}
