#!/usr/bin/env bash
# clistat.sh: the CPU time and page faults of command lines under `perf stat`, the
# command lines taking turns run after run, for the CLI's start (docs/performance.md,
# "The CLI's start"): on a shared machine the least of N runs and the median say more
# than hyperfine's wall times, which other work stretches by milliseconds.
#
#   RUNS=100 docs/perf/clistat.sh "/tmp/barecobra version" "/tmp/listings-cli version"
set -euo pipefail
[ $# -gt 0 ] || { echo 'usage: clistat.sh "PROGRAM ARGS"...' >&2; exit 2; }
D=$(mktemp -d /tmp/clistat.XXXXXX)
trap 'rm -rf "$D"' EXIT
for _ in $(seq "${RUNS:-100}"); do
	j=0
	for c in "$@"; do
		j=$((j + 1))
		# shellcheck disable=SC2086 # a command line: its words are meant to split
		perf stat -x, -e task-clock,page-faults $c 2>&1 >/dev/null |
			awk -F, '/task-clock/ {t = $1} /page-faults/ {p = $1} END {print t, p}' >>"$D/$j"
	done
done
j=0
for c in "$@"; do
	j=$((j + 1))
	sort -n -k1 "$D/$j" | awk -v c="$c" '{t[NR] = $1} END {printf "%-34s CPU least %.2f ms, median %.2f ms; ", c, t[1], t[int((NR + 1) / 2)]}'
	sort -n -k2 "$D/$j" | awk '{p[NR] = $2} END {printf "page faults least %d, median %d\n", p[1], p[int((NR + 1) / 2)]}'
done
