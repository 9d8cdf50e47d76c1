#!/usr/bin/env bash
# clistart.sh: the CLI's start, `listings version` and `listings --help` against a bare
# cobra binary's `version` (docs/perf/barecobra), by hyperfine, the programs taking
# turns (hyperfine runs each command's runs together, so the order is varied by
# running the whole set ROUNDS times). docs/performance.md ("The CLI's start")
# records its figures.
#
#   make build && cp bin/listings /tmp/listings-cli
#   go build -tags perf -trimpath -ldflags "-s -w" -o /tmp/barecobra ./docs/perf/barecobra
#   docs/perf/clistart.sh /tmp/barecobra /tmp/listings-cli
set -euo pipefail
BARE=${1:?usage: clistart.sh BARECOBRA LISTINGS}
APP=${2:?usage: clistart.sh BARECOBRA LISTINGS}
ROUNDS=${ROUNDS:-3}
H=$(mktemp -d /tmp/clistart.XXXXXX)
trap 'rm -rf "$H"' EXIT
for r in $(seq "$ROUNDS"); do
	env HOME="$H" hyperfine -N --warmup 10 --runs "${RUNS:-200}" --export-json "$H/r$r.json" \
		"$BARE version" "$APP version" "$APP --help" >/dev/null
	jq -r '.results[] | "\(.command)\t\(.median*1000)\t\(.mean*1000)\t\(.stddev*1000)"' "$H/r$r.json"
done | awk -F'\t' '{n[$1]++; med[$1]=med[$1]" "$2} END {for (c in n) print c "\t" med[c]}' |
	sort | while IFS=$'\t' read -r cmd meds; do
		printf '%-34s medians (ms):%s\n' "$cmd" "$(printf ' %.2f' $meds)"
	done
