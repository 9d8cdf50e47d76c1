#!/bin/sh
# Runs the keystore tests against a real Secret Service.
#
# First it starts a private D-Bus session (dbus-run-session) with an unlocked
# gnome-keyring in it and runs `go test -race ./keystore/...` and the keyring
# tests of ./cmd/listings/ with LISTINGS_TEST_KEYRING=1. Then, in a second private
# session where no daemon is started and unlocked, it runs TestAuthLockedKeyring with
# LISTINGS_TEST_LOCKED_KEYRING=1: the bus activates gnome-keyring on the first
# call, as on a headless server, and its collection cannot be unlocked. It exits
# with the first failing status (non-zero on failure). dbus-run-session stops its
# bus when the inner shell exits; each inner shell kills the gnome-keyring-daemon
# of its session by pid (the daemon does not reliably exit when its bus goes
# away), and the throwaway keyring directories are removed. The user's own
# keyrings are never touched.
#
# Needs: dbus (dbus-run-session, dbus-send) and gnome-keyring, e.g.
#   apt-get install -y --no-install-recommends gnome-keyring dbus
# Usage (from anywhere): keystore/testdata/run-keyring-tests.sh [go test flags]
set -eu

for tool in dbus-run-session dbus-send gnome-keyring-daemon go; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "run-keyring-tests: $tool not found (install gnome-keyring and dbus)" >&2
		exit 2
	fi
done

# The module root is two levels above this script.
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

# The keyring gets throwaway XDG directories below; keep Go's own cache and
# settings where they are so the build stays warm.
GOCACHE=$(go env GOCACHE)
GOENV=$(go env GOENV)
export GOCACHE GOENV

status=0
dbus-run-session -- sh -eu -c '
	tmp=$(mktemp -d)
	pid=
	cleanup() {
		if [ -n "$pid" ]; then
			kill "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
		rm -rf "$tmp"
	}
	trap cleanup EXIT
	trap "exit 130" INT
	trap "exit 143" TERM

	export XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" \
		XDG_CONFIG_HOME="$tmp/config" XDG_RUNTIME_DIR="$tmp/run" GSETTINGS_BACKEND=memory
	mkdir -p "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
	chmod 700 "$XDG_RUNTIME_DIR"

	# --unlock reads the password of the new login keyring from stdin.
	# --foreground keeps it our child, so $! is the pid to stop.
	printf %s test-password |
		gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
	pid=$!

	# Wait (at most ~10 s) until it owns org.freedesktop.secrets.
	tries=0
	until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
		org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
		tries=$((tries + 1))
		if [ "$tries" -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
			echo "run-keyring-tests: gnome-keyring-daemon did not come up" >&2
			exit 2
		fi
		sleep 0.1
	done

	status=0
	# Of the commands package only the tests that need the keyring (the rest ran in
	# make test already): cmd/listings TestKeyringScriptRunsEveryKeyringTest keeps
	# this list whole. A -run given to this script comes after it and wins.
	export LISTINGS_TEST_KEYRING=1
	go test -race -count=1 "$@" ./keystore/... || status=$?
	go test -race -count=1 -run "^(TestAuthRealKeyring|TestE2EFirstRunLoginWithKeyring)\$" "$@" ./cmd/listings/ || status=$?
	exit "$status"
' run-keyring-tests "$@" || status=$?
if [ "$status" -ne 0 ]; then
	exit "$status"
fi

# The second session's daemon is started by the bus, so the bus itself must carry
# the throwaway directories in its environment.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" XDG_CONFIG_HOME="$tmp/config" \
	XDG_RUNTIME_DIR="$tmp/run" GSETTINGS_BACKEND=memory
export XDG_DATA_HOME XDG_CACHE_HOME XDG_CONFIG_HOME XDG_RUNTIME_DIR GSETTINGS_BACKEND
mkdir -p "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_CONFIG_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -u -c '
	status=0
	LISTINGS_TEST_LOCKED_KEYRING=1 go test -count=1 -v -run "^TestAuthLockedKeyring\$" ./cmd/listings/ || status=$?
	pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
		org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.secrets 2>/dev/null |
		awk "/uint32/ { print \$2 }")
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null || true
	fi
	exit "$status"
' || status=$?
exit "$status"
