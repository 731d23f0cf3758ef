#!/usr/bin/env bash
# The work of the crossfoot GitHub Action, kept out of action.yml so it can be tested locally:
#   INPUT_CASES=cases.jsonl INPUT_MIN_ACCURACY=0.9 INPUT_INSTALL=false bash run.sh
# Inputs arrive as INPUT_* variables. Exit status is crossfoot's: 0 at or above the threshold,
# 1 below it, 2 for an unreadable case file or a failed install.
set -euo pipefail

action_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cases="${INPUT_CASES:-}"
min_accuracy="${INPUT_MIN_ACCURACY:-1.0}"
verbose="${INPUT_VERBOSE:-false}"
crossfoot="${CROSSFOOT_BIN:-crossfoot}"

if [[ -z "$cases" ]]; then
  echo "::error title=crossfoot::the 'cases' input is required (a JSONL case file)"
  exit 2
fi
if [[ ! -f "$cases" ]]; then
  echo "::error file=$cases,title=crossfoot::case file not found: $cases"
  exit 2
fi
case "$verbose" in
  true|false) ;;
  *) echo "::error title=crossfoot::the 'verbose' input must be true or false, got '$verbose'"
     exit 2 ;;
esac

# Until crossfoot is on PyPI the action installs the checkout it was loaded from: the repository
# root two levels above this directory (`uses: OWNER/crossfoot/integrations/github-action@REF`
# fetches the whole repository). The `package` input overrides it with any pip requirement.
if [[ "${INPUT_INSTALL:-true}" == "true" ]]; then
  requirement="${INPUT_PACKAGE:-}"
  if [[ -z "$requirement" ]]; then
    requirement="$(cd "$action_dir/../.." && pwd)"
  fi
  echo "crossfoot: pip install $requirement"
  log="$(mktemp)"
  if ! python -m pip install --quiet --disable-pip-version-check "$requirement" >"$log" 2>&1; then
    cat "$log"
    reason="$(grep -E '^(ERROR|error)' "$log" | head -n 3 || true)"
    # An annotation is one line: newlines and % are escaped as workflow commands require.
    message="pip could not install $requirement: ${reason:-see the log above}"
    message="${message//'%'/'%25'}"
    message="${message//$'\n'/'%0A'}"
    # Pointed at the workflow file (owner/repo/PATH@REF), on the line that sets `package` or,
    # without one, the line that uses this action, when the workflow is checked out.
    workflow="${GITHUB_WORKFLOW_REF:-}"
    workflow="${workflow%@*}"
    workflow="${workflow#*/*/}"
    where="file=${workflow:-$action_dir/action.yml}"
    if [[ -n "$workflow" && -f "$workflow" ]]; then
      pattern='uses:.*github-action'
      [[ -n "${INPUT_PACKAGE:-}" ]] && pattern='^[[:space:]]*package:'
      line="$(grep -n -m1 -E "$pattern" "$workflow" | cut -d: -f1 || true)"
      [[ -n "$line" ]] && where="$where,line=$line"
    fi
    echo "::error $where,title=crossfoot install failed::$message"
    rm -f "$log"
    exit 2
  fi
  rm -f "$log"
fi

out="$(mktemp)"
err="$(mktemp)"
status=0
args=(eval "$cases" --min-accuracy "$min_accuracy" --json)
if [[ -n "${INPUT_REPORT:-}" ]]; then
  mkdir -p "$(dirname "$INPUT_REPORT")" 2>/dev/null || true  # crossfoot names it if unwritable
  args+=(--report "$INPUT_REPORT")
fi
"$crossfoot" "${args[@]}" >"$out" 2>"$err" || status=$?
python "$action_dir/summarize.py" "$out" "$err" "$cases" "$min_accuracy" "$verbose" "$status"
rm -f "$out" "$err"
exit "$status"
