#!/usr/bin/env bash
# startup.sh: the app's start to its first page's rows on screen, against a minimal
# Bubble Tea v1 program that asks for the same page in Init (docs/perf/minimal), both
# in tmux at 120×40, against one `listings sandbox serve` of 10 000 listings on the
# business key. docs/performance.md ("Start") records its figures.
#
#   make build && cp bin/listings /tmp/listings-start
#   go build -tags perf -trimpath -ldflags "-s -w" -o /tmp/minimal ./docs/perf/minimal
#   RUNS=30 docs/perf/startup.sh /tmp/minimal /tmp/listings-start [/tmp/listings-other ...]
#
# Each run is timed twice, to the first byte tmux receives of a row of the first page
# (tmux's pipe-pane hands the program's output to a grep for the titles of that page,
# which stamps the time when it finds one):
#   exec    from the exec of the program (the pane's shell stamps the time just before)
#   launch  from just before `tmux new-session` (the session, its shell and the exec too)
# The programs take turns, run after run, so that the load of the machine falls on all
# alike. Two cases for each app (named after its file):
#   fresh   an empty HOME: no mirror yet (the app makes it), rows from the service
#   synced  a HOME whose mirror holds the 10 000 listings (`listings sync` before): the
#           first frame may show the mirror's rows before any answer
# An app without `listings sync` (older than the mirror) has the fresh case only. The
# sandbox is served by the first app, or by SANDBOX=BINARY. RUNS (20) and PORT (18433)
# may be set. Needs tmux, curl, jq, bc and bash 5 ($EPOCHREALTIME).
set -euo pipefail
MIN=${1:?usage: startup.sh MINIMAL APP [APP...]}
shift
APPS=("${@:?usage: startup.sh MINIMAL APP [APP...]}")
RUNS=${RUNS:-20}
PORT=${PORT:-18433}
KEY=sk_test_eec618fa96aee944feda73f7ab5c325228eab597d50898c0
BASE=http://127.0.0.1:$PORT
T=$(mktemp -d /tmp/startup.XXXXXX)
S=startup$$
mkfifo "$T/gate"

"${SANDBOX:-${APPS[0]}}" sandbox serve --addr 127.0.0.1:$PORT -q --listings business=10000 >/dev/null 2>&1 &
SB=$!
trap 'tmux kill-session -t $S 2>/dev/null || true; kill $SB 2>/dev/null || true; rm -rf "$T"' EXIT
until curl -sf -o /dev/null -H "Authorization: Bearer $KEY" "$BASE/api/v1/ping"; do sleep 0.2; done

# The marks: the first 12 characters of every title of the first page either shows.
curl -sf -H "Authorization: Bearer $KEY" "$BASE/api/v1/my/listings?status=active&limit=100&lang=uk&fields=id,title" |
	jq -r '.listings[].title | .[0:12]' | sort -u >"$T/marks"

# A HOME with a synced mirror for each app that can sync.
CASES=(minimal)
declare -A PROG
for app in "${APPS[@]}"; do
	name=$(basename "$app")
	PROG[$name]=$app
	CASES+=("$name:fresh")
	mkdir -p "$T/home-$name"
	if env HOME="$T/home-$name" LISTINGS_API_KEY=$KEY "$app" --base-url "$BASE" sync >/dev/null 2>&1; then
		CASES+=("$name:synced")
	fi
done

# once CASE HOME PROGRAM: one run; prints the case and its two times in milliseconds.
once() {
	local name=$1 home=$2 prog=$3
	rm -f "$T/t0" "$T/t1"
	local launch=$EPOCHREALTIME
	tmux new-session -d -s $S -x 120 -y 40 "bash -c 'read -r _ < $T/gate; echo \$EPOCHREALTIME > $T/t0; \
exec env HOME=$home LISTINGS_CACHE_DIR=$home/cache LISTINGS_BASE_URL=$BASE LISTINGS_API_KEY=$KEY $prog'"
	tmux pipe-pane -t $S "bash -c 'grep -a -m1 -q -F -f $T/marks; echo \$EPOCHREALTIME > $T/t1'"
	echo go >"$T/gate"
	for _ in $(seq 1000); do [ -s "$T/t1" ] && break; sleep 0.01; done
	tmux send-keys -t $S q
	sleep 0.3
	tmux kill-session -t $S 2>/dev/null || true
	if [ -s "$T/t1" ]; then
		echo "$name $(echo "($(cat "$T/t1") - $(cat "$T/t0")) * 1000" | bc -l) $(echo "($(cat "$T/t1") - $launch) * 1000" | bc -l)"
	else
		echo "$name: no row within 10 s" >&2
	fi
}

for i in $(seq "$RUNS"); do
	for c in "${CASES[@]}"; do
		name=${c%%:*}
		case $c in
		minimal) once minimal "$T/none" "$MIN" ;;
		*:fresh) rm -rf "$T/fresh" && mkdir -p "$T/fresh" && once "$c" "$T/fresh" "${PROG[$name]}" ;;
		*:synced) once "$c" "$T/home-$name" "${PROG[$name]}" ;;
		esac
	done
done | tee "$T/times" >&2

# stats CASE COLUMN: the median, quartiles, least and most of a case's times.
stats() {
	awk -v k="$1" -v c="$2" '$1 == k { print $c }' "$T/times" | sort -n | awk '{ s[NR] = $1 }
	END {
		if (NR == 0) exit
		m = (NR % 2) ? s[(NR+1)/2] : (s[NR/2] + s[NR/2+1]) / 2
		printf "%.1f %.1f %.1f %.1f %.1f %d\n", m, s[int((NR+3)/4)], s[int((3*NR+3)/4)], s[1], s[NR], NR
	}'
}
for col in 2 3; do
	[ $col = 2 ] && echo "from exec to the first page's rows (ms)" || echo "from tmux new-session to the same (ms)"
	base=$(stats minimal $col | cut -d' ' -f1)
	for c in "${CASES[@]}"; do
		read -r med q1 q3 lo hi n <<<"$(stats "$c" $col)"
		printf "  %-24s median %6.1f  quartiles %6.1f–%-6.1f  range %6.1f–%-6.1f  runs %d  %s\n" "$c" "$med" "$q1" "$q3" "$lo" "$hi" "$n" \
			"$(echo "$med / $base" | bc -l | awk '{printf "%.2f×", $1}')"
	done
done
