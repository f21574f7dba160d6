#!/usr/bin/env bash
# Install size of the repository's dependencies: `npm ci` and `npm ci --omit=dev` in a fresh copy of HEAD
# (git archive, outside the working tree, so the shared node_modules is never touched), measured with du over
# every node_modules directory. Uses the npm cache, so after a first run it is mostly disk work.
#
#   infra/images/measure-install.sh           # one line per install: size, packages added, seconds
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/mailwright-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

measure() {
  local mode=$1
  shift
  rm -rf "$work/tree"
  mkdir -p "$work/tree"
  git archive HEAD | tar -x -C "$work/tree"
  local started=$SECONDS
  (cd "$work/tree" && npm ci --no-audit --no-fund "$@" >"$work/npm-$mode.log" 2>&1) || {
    tail -n 30 "$work/npm-$mode.log" >&2
    exit 1
  }
  local seconds=$((SECONDS - started))
  local bytes added
  bytes=$(cd "$work/tree" && find . -type d -name node_modules -prune -print0 | du -sb --files0-from=- -c | tail -n 1 | cut -f1)
  added=$(grep -o 'added [0-9]* packages' "$work/npm-$mode.log" || echo 'added ? packages')
  printf 'install: npm ci %-11s %5d MB (du -sb of every node_modules), %s, %d s\n' "${*:-}" "$((bytes / 1000000))" "$added" "$seconds"
}

measure all
measure prod --omit=dev
