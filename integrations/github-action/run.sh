#!/usr/bin/env bash
# The work of the crossfoot GitHub Action, kept out of action.yml so it can be tested locally:
#   INPUT_CASES=cases.jsonl INPUT_MIN_ACCURACY=0.9 INPUT_INSTALL=false bash run.sh
# Inputs arrive as INPUT_* variables. Exit status is crossfoot's: 0 at or above the threshold,
# 1 below it, 2 for an unreadable case file.
set -euo pipefail

cases="${INPUT_CASES:-}"
min_accuracy="${INPUT_MIN_ACCURACY:-1.0}"
crossfoot="${CROSSFOOT_BIN:-crossfoot}"

if [[ -z "$cases" ]]; then
  echo "::error::crossfoot: the 'cases' input is required (a JSONL case file)"
  exit 2
fi
if [[ ! -f "$cases" ]]; then
  echo "::error file=$cases::crossfoot: case file not found: $cases"
  exit 2
fi

# Local runs and tests already have crossfoot; the action installs it into the runner's Python.
if [[ "${INPUT_INSTALL:-true}" == "true" ]]; then
  python -m pip install --quiet --disable-pip-version-check "${INPUT_PACKAGE:-crossfoot}"
fi

args=(eval "$cases" --min-accuracy "$min_accuracy" --json)
out="$(mktemp)"
status=0
"$crossfoot" "${args[@]}" >"$out" || status=$?

# Human summary from the JSON result; a crash or input error leaves no JSON to read.
if python - "$out" "$min_accuracy" <<'PY'
import json, os, sys

with open(sys.argv[1], encoding="utf-8") as fh:
    try:
        data = json.load(fh)
    except json.JSONDecodeError:
        sys.exit(1)
bad = [c for c in data["cases"] if not c["as_expected"]]
lines = [
    f"crossfoot: {len(data['cases']) - len(bad)}/{len(data['cases'])} cases as expected "
    f"(accuracy {data['accuracy']:.2%}, threshold {float(sys.argv[2]):.2%})"
]
lines += [f"- MISMATCH {c['name']}: expected {c['expect']}, got {c['got']}" for c in bad]
print("\n".join(lines))
for name, text in (("GITHUB_STEP_SUMMARY", "\n".join(lines) + "\n"),
                   ("GITHUB_OUTPUT", f"accuracy={data['accuracy']}\n")):
    if os.environ.get(name):
        with open(os.environ[name], "a", encoding="utf-8") as fh:
            fh.write(text)
PY
then :; else cat "$out"; fi
rm -f "$out"
if [[ $status -ne 0 ]]; then
  echo "::error::crossfoot eval failed (exit $status) on $cases"
fi
exit "$status"
