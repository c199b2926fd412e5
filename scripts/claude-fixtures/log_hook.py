"""Hook logger for the Claude Code fixture capture (scripts/claude-fixtures/capture.ts).

Appends {stdin, CLAUDE* env, cwd, what it printed, exit code} to $HOOKLOG/<Event>.jsonl, then
behaves as HOOK_MODE_<Event> says (default: print nothing, exit 0).
"""
import json
import os
import sys

event = sys.argv[1]
raw = sys.stdin.read()
try:
    payload = json.loads(raw)
except ValueError:
    payload = {"_unparsed": raw}
mode = os.environ.get("HOOK_MODE_" + event, "")
log_dir = os.environ.get("HOOKLOG", "")
state = os.path.join(log_dir, event + ".once") if log_dir else ""
out, err, code = "", "", 0

if mode == "block_once" and not payload.get("stop_hook_active"):
    out = json.dumps({"decision": "block", "reason": "Please also say goodbye."})
elif mode == "exit2":
    err, code = "Blocked by the capture's " + event + " hook.", 2
elif mode == "deny":
    out = json.dumps({"hookSpecificOutput": {"hookEventName": event, "permissionDecision": "deny",
                                             "permissionDecisionReason": "Denied by the capture's hook."}})
elif mode == "allow":
    out = json.dumps({"hookSpecificOutput": {"hookEventName": event, "permissionDecision": "allow"}})
elif mode == "json_ctx":
    out = json.dumps({"hookSpecificOutput": {"hookEventName": event,
                                             "additionalContext": "Context from the capture's " + event + " hook."}})
elif mode == "watch":
    watched = os.path.join(os.environ.get("CLAUDE_PROJECT_DIR", "."), "watched.txt")
    out = json.dumps({"hookSpecificOutput": {"hookEventName": event, "watchPaths": [watched]}})
elif mode == "wt":
    target = os.path.join(payload.get("cwd", ".") + "-worktrees", payload.get("name", "wt"))
    os.makedirs(target, exist_ok=True)
    out = target

if out:
    sys.stdout.write(out)
if err:
    sys.stderr.write(err)
if log_dir:
    env = {k: v for k, v in os.environ.items() if k.startswith("CLAUDE")}
    record = {"stdin": payload, "env_CLAUDE_prefixed": env, "hook_process_cwd": os.getcwd(),
              "hook_printed_stdout": out, "hook_printed_stderr": err, "hook_exit_code": code}
    with open(os.path.join(log_dir, event + ".jsonl"), "a") as handle:
        handle.write(json.dumps(record) + "\n")
sys.exit(code)
