#!/usr/bin/env bash
# A shop's day at 10 000 listings, scripted in a real terminal (tmux) against the
# release build: the app opens, a search, the sort by views, G to the true last row,
# 600 listings marked, their prices cut by 10 % as a job, listings opened while the
# job runs, and the moderation decisions that follow. It prints the figures
# docs/performance.md records ("A shop's day"): the time to the first frame and to the
# first page, to the true last row, the longest wait for an interactive request
# during the job, the job's time, and the app's peak RSS.
#
# Needs: tmux, GNU time (/usr/bin/time), a release build (make build).
# Usage: docs/perf/shopday.sh [bin/listings]
set -euo pipefail

bin=${1:-bin/listings}
port=${PORT:-18290}
key=sk_test_eec618fa96aee944feda73f7ab5c325228eab597d50898c0 # the sandbox's business key
tmp=$(mktemp -d)
sock="shopday-$$"
cleanup() {
	tmux -L "$sock" kill-server 2>/dev/null || true
	[ -n "${sb:-}" ] && kill "$sb" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

# A copy, as docs/performance.md explains: a binary just written by go build sits
# otherwise in the page cache than a copy, and measures 4-5 MB more.
cp "$bin" "$tmp/listings"
"$tmp/listings" sandbox serve --addr "127.0.0.1:$port" -q --listings business=10000 \
	--state "$tmp/shop.json" --moderation-delay 30s &
sb=$!
until curl -s -o /dev/null "http://127.0.0.1:$port/api/v1/ping"; do sleep 0.1; done

now_ms() { date +%s%3N; }
screen() { tmux -L "$sock" capture-pane -p -t day; }
send() { tmux -L "$sock" send-keys -t day "$@"; }
# wait_for TEXT [SECONDS]: until the screen shows TEXT (an extended regexp).
wait_for() {
	local deadline=$(($(now_ms) + ${2:-120} * 1000))
	until screen | grep -qE -- "$1"; do
		if [ "$(now_ms)" -gt "$deadline" ]; then
			echo "shopday: waited ${2:-120}s for /$1/; the screen:" >&2
			screen >&2
			exit 1
		fi
		sleep 0.02
	done
}
say() { printf '%-58s %s\n' "$1" "$2"; }

mkdir -p "$tmp/home"
t0=$(now_ms)
tmux -L "$sock" -f /dev/null new-session -d -s day -x 120 -y 40 \
	"env HOME=$tmp/home LISTINGS_BASE_URL=http://127.0.0.1:$port LISTINGS_API_KEY=$key \
	 LISTINGS_DEBUG=api LISTINGS_DEBUG_FILE=$tmp/trace.log \
	 /usr/bin/time -v -o $tmp/rss.txt $tmp/listings; sleep 3600"

# The first frame (the header), then the first page of rows.
wait_for 'listings ·'
say "first frame" "$(($(now_ms) - t0)) ms"
wait_for '\[active [0-9]'
wait_for '[0-9]+/[0-9]+'
say "first page on screen" "$(($(now_ms) - t0)) ms"

# Every listing in the mirror: its first sync runs in the background.
wait_for 'mirror, synced|mirror of' 600
say "the mirror complete (background sync)" "$(($(now_ms) - t0)) ms"

# A search.
t=$(now_ms)
send /
send -l 'A55'
wait_for 'A55'
say "search of A55 typed, rows shown" "$(($(now_ms) - t)) ms"
send Escape

# The sort by views, then G to the true last row.
t=$(now_ms)
until screen | grep -q 'sort: views'; do send s; sleep 0.3; done
say "sort by views (s pressed until its label)" "$(($(now_ms) - t)) ms"
t=$(now_ms)
send G
wait_for '(^| )([0-9]+)/\2 '
say "G to the true last row" "$(($(now_ms) - t)) ms"
send g

# About 600 listings: a title's clones, filtered and all marked.
send /
send -l 'Galaxy A55'
send Enter
wait_for 'Galaxy A55'
send '*'
wait_for 'marked'
marked=$(screen | grep -oE '◆ [0-9 ]+ marked' | head -1)
say "marked" "$marked"

# Their prices down by 10 %: the plan, one y, the job.
send '$'
wait_for 'price|Price'
send -l -- '-10%'
send Enter
wait_for 'requests'
tjob=$(now_ms)
send y
wait_for 'job'

# Listings opened while the job runs: each from Enter to its detail on screen.
longest=0
for i in 1 2 3 4 5; do
	send Escape
	sleep 0.5
	send Escape
	sleep 2
	send Down
	t=$(now_ms)
	send Enter
	wait_for 'Public page|Description' 120
	d=$(($(now_ms) - t))
	[ "$d" -gt "$longest" ] && longest=$d
	send Escape
done
say "longest wait to open a listing during the job (5 tries)" "$longest ms"

# The job's end, and the decisions that follow its edits (moderation in 30 s).
wait_for 'job .* (done|finished)|done:' 900
say "the price job" "$(($(now_ms) - tjob)) ms"
wait_for 'approved|blocked' 300
say "first decisions said" "$(screen | grep -oE '[0-9]+ approved[^│]*' | head -1)"

send q
sleep 1
say "peak RSS" "$(grep 'Maximum resident' "$tmp/rss.txt" | awk '{print $NF}') KB"
say "list requests" "$(grep -c 'GET /api/v1/my/listings?' "$tmp/trace.log" || true)"
say "429 answers" "$(grep -c ' 429 ' "$tmp/trace.log" || true)"
