#!/usr/bin/env bash
# scroll.sh: the peak resident memory of the app scrolled to the last of 10 000
# listings, in tmux at 120×40, against one `listings sandbox serve` of 10 000 listings
# on the business key (docs/performance.md, "Scrolling 10 000 listings").
#
#   make build && cp bin/listings /tmp/listings-scroll
#   RUNS=3 docs/perf/scroll.sh /tmp/listings-scroll [/tmp/listings-other ...]
#
# Each run starts the app on an empty HOME (no mirror yet: the app makes it, and its
# background sync of the 10 000 listings starts 5 s after the start), holds End until
# the position reads N/N, waits for that sync to end, and quits; GNU time gives the
# peak (maximum resident set size) and the API trace counts the list requests, the
# tab's pages (status=active) and the sync's (status=all). The apps take turns. CASE=
# synced starts each run on a HOME whose mirror was synced before (the first frame
# from the mirror). RUNS (3) and PORT (18190) may be set; needs tmux and GNU time.
set -euo pipefail
APPS=("${@:?usage: scroll.sh APP [APP...]}")
RUNS=${RUNS:-3}
PORT=${PORT:-18190}
CASE=${CASE:-fresh}
KEY=sk_test_eec618fa96aee944feda73f7ab5c325228eab597d50898c0
BASE=http://127.0.0.1:$PORT
T=$(mktemp -d /tmp/scroll.XXXXXX)
S=scroll$$

SB=
trap 'tmux kill-session -t $S 2>/dev/null || true; [ -z "$SB" ] || kill $SB 2>/dev/null || true; rm -rf "$T"' EXIT
# serve starts a sandbox of its own for each run: the minute's budget of the key starts
# afresh, so that the app's background sync (which waits while half of it is spent) runs.
serve() {
	if [ -n "$SB" ]; then kill $SB && wait $SB 2>/dev/null || true; fi
	"${SANDBOX:-${APPS[0]}}" sandbox serve --addr 127.0.0.1:$PORT -q --listings business=10000 >/dev/null 2>&1 &
	SB=$!
	until curl -sf -o /dev/null -H "Authorization: Bearer $KEY" "$BASE/api/v1/ping"; do sleep 0.2; done
}

# syncs counts the sync's pages so far.
syncs() { grep -c 'GET /api/v1/my/listings?.*status=all' "$T/trace.log" 2>/dev/null || true; }

for i in $(seq "$RUNS"); do
	for app in "${APPS[@]}"; do
		serve
		rm -rf "$T/home" "$T/trace.log" "$T/rss.txt" && mkdir -p "$T/home"
		if [ "$CASE" = synced ]; then
			env HOME="$T/home" LISTINGS_API_KEY=$KEY "$app" --base-url "$BASE" sync >/dev/null
		fi
		tmux new-session -d -s $S -x 120 -y 40 "env HOME=$T/home LISTINGS_CACHE_DIR=$T/home/cache \
LISTINGS_BASE_URL=$BASE LISTINGS_API_KEY=$KEY LISTINGS_DEBUG=api LISTINGS_DEBUG_FILE=$T/trace.log \
/usr/bin/time -v -o $T/rss.txt $app"
		start=$SECONDS
		until tmux capture-pane -p -t $S | grep -qE '(^| )([0-9]{4,5})/\2 '; do
			tmux send-keys -t $S End
			sleep 0.05
		done
		# the background sync: it starts 5 s after the start; wait for its last page
		# (no new one for 2 s), or give up on it after 90 s
		until [ "$(syncs)" -gt 0 ] || [ $((SECONDS - start)) -gt 90 ]; do sleep 0.5; done
		n=-1
		until [ "$n" = "$(syncs)" ]; do n=$(syncs); sleep 2; done
		tmux send-keys -t $S q
		for _ in $(seq 100); do [ -s "$T/rss.txt" ] && break; sleep 0.1; done
		tmux kill-session -t $S 2>/dev/null || true
		printf '%-28s %-6s peak %6d KB  list requests: %3d of the tab, %3d of the sync\n' "$(basename "$app")" "$CASE" \
			"$(awk '/Maximum resident/ {print $NF}' "$T/rss.txt")" \
			"$(grep -c 'GET /api/v1/my/listings?.*status=active' "$T/trace.log" || true)" "$(syncs)"
	done
done
