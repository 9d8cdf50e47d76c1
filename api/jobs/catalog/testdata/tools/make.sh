#!/usr/bin/env bash
# Regenerates every fixture of this folder (see README.md): builds bin/listings,
# starts a fresh sandbox on 127.0.0.1:8080 in a temporary folder, exports the
# personal account's listings, runs LibreOffice, openpyxl, pandas and Python's
# codecs over the exports, writes the files and manifest.json here, stops the
# sandbox and removes the temporary folder. Run it again and it does the same.
#
#   sh api/jobs/catalog/testdata/tools/make.sh
#
# Needs: Go, and Debian's
#   apt-get install -y --no-install-recommends libreoffice-calc python3-openpyxl \
#       python3-pandas python3-uno locales
# If 127.0.0.1:8080 is taken (a sandbox of yours), the script runs itself in a
# private network namespace (unshare -rn), where that address is free.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../../.." && pwd)
bin=$repo/bin/listings
py=/usr/bin/python3
addr=127.0.0.1:8080
key=sk_test_08f0bc277f41cd37e117f3f30c0e1c97a24f43c770091f5c # the sandbox's fixed personal key
uk=uk_UA.UTF-8

say() { printf 'make.sh: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

# --- what it needs ------------------------------------------------------------
missing=()
apt=()
command -v go >/dev/null || missing+=("go (the Go toolchain of go.mod)")
command -v soffice >/dev/null || { missing+=("soffice"); apt+=(libreoffice-calc); }
[ -x "$py" ] || { missing+=("$py"); apt+=(python3); }
if [ -x "$py" ]; then
	"$py" -c 'import openpyxl' 2>/dev/null || { missing+=("openpyxl for $py"); apt+=(python3-openpyxl); }
	"$py" -c 'import pandas' 2>/dev/null || { missing+=("pandas for $py"); apt+=(python3-pandas); }
	"$py" -c 'import uno' 2>/dev/null || { missing+=("uno (LibreOffice's Python bridge) for $py"); apt+=(python3-uno); }
fi
have_uk() { locale -a 2>/dev/null | grep -qix 'uk_UA.utf-\?8'; }
if ! have_uk && { ! command -v localedef >/dev/null || [ ! -e /usr/share/i18n/locales/uk_UA ]; }; then
	missing+=("the uk_UA locale's sources (to compile uk_UA.UTF-8)"); apt+=(locales)
fi
if [ ${#missing[@]} -gt 0 ]; then
	say "missing: $(IFS=,; echo "${missing[*]}" | sed 's/,/, /g')"
	[ ${#apt[@]} -gt 0 ] && say "install: apt-get install -y --no-install-recommends ${apt[*]}"
	exit 1
fi

# --- the binary (before any namespace: go may need the module proxy) ------------
if [ -z "${FIXTURES_IN_NETNS:-}" ]; then
	say "building bin/listings"
	make -C "$repo" build >&2
fi
[ -x "$bin" ] || die "no $bin"

# --- 127.0.0.1:8080 -----------------------------------------------------------
port_taken() { (exec 3<>"/dev/tcp/${addr%:*}/${addr#*:}") 2>/dev/null; }
if port_taken; then
	if [ -n "${FIXTURES_IN_NETNS:-}" ]; then die "$addr is taken even in the network namespace"; fi
	command -v unshare >/dev/null && command -v ip >/dev/null ||
		die "$addr is taken (another sandbox?), and unshare/ip (util-linux, iproute2) are missing to run aside: stop it and run again"
	say "$addr is taken: running in a private network namespace"
	FIXTURES_IN_NETNS=1 exec unshare -rn bash "$0" "$@"
fi
if [ -n "${FIXTURES_IN_NETNS:-}" ]; then ip link set lo up; fi

# --- a temporary folder, removed whatever happens --------------------------------
tmp=$(mktemp -d "${TMPDIR:-/tmp}/listings-fixtures.XXXXXX")
sandbox_pid=
cleanup() {
	if [ -n "$sandbox_pid" ]; then
		kill "$sandbox_pid" 2>/dev/null || true
		wait "$sandbox_pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
out=$tmp/out
mkdir -p "$out" "$tmp/home"

# The uk_UA locale: Calc takes its locale from LC_ALL; compile it aside when the
# system has not got it, so that root is not needed.
locpath=
if ! have_uk; then
	mkdir -p "$tmp/locale"
	localedef -i uk_UA -f UTF-8 "$tmp/locale/$uk" >/dev/null 2>&1 || true
	[ -e "$tmp/locale/$uk/LC_CTYPE" ] || die "localedef could not compile $uk"
	locpath=$tmp/locale
fi

# --- a fresh sandbox -------------------------------------------------------------
say "starting the sandbox on $addr"
"$bin" sandbox serve --addr "$addr" --state "$tmp/sb.json" --moderation-delay 24h -q >"$tmp/sandbox.log" 2>&1 &
sandbox_pid=$!
for _ in $(seq 100); do
	port_taken && break
	kill -0 "$sandbox_pid" 2>/dev/null || { cat "$tmp/sandbox.log" >&2; die "the sandbox did not start"; }
	sleep 0.1
done
port_taken || die "the sandbox does not answer on $addr"

app() {
	env -u LISTINGS_PROFILE -u LISTINGS_LANG HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
		XDG_DATA_HOME="$tmp/home/.local/share" LISTINGS_BASE_URL="http://$addr" LISTINGS_API_KEY="$key" \
		"$bin" "$@"
}

# --- the app's exports -------------------------------------------------------------
say "exporting (each --detail export is 46 requests: the key's 60 a minute make the next ones wait)"
for ext in csv xlsx jsonl; do
	app export --status all -o "$out/export.$ext"
	app export --status all --detail -o "$out/detail.$ext"
done
app cities Львів --json --limit 50 >"$tmp/cities.json"

# --- LibreOffice from the command line ---------------------------------------------
# lo LOCALE ARGS...: one soffice run with its own profile per locale.
lo() {
	local loc=$1
	shift
	env LC_ALL="$loc" LANG="$loc" LANGUAGE= ${locpath:+LOCPATH="$locpath"} HOME="$tmp/home" \
		soffice "-env:UserInstallation=file://$tmp/lo-profile-$loc" --headless --norestore "$@" \
		>>"$tmp/soffice.log" 2>&1
}
# lo_to LOCALE SRC DEST ARGS...: convert SRC, the result renamed DEST.
lo_to() {
	local loc=$1 src=$2 dest=$3
	shift 3
	local d
	d=$(mktemp -d "$tmp/lo.XXXXXX")
	lo "$loc" "$@" --outdir "$d" "$src"
	local made=("$d"/*)
	[ -f "${made[0]}" ] || { cat "$tmp/soffice.log" >&2; die "soffice made nothing of $src ($*)"; }
	mv "${made[0]}" "$out/$dest"
	rmdir "$d"
}
csvw="csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,true"
say "LibreOffice: $(soffice --version | head -1)"
lo_to C.UTF-8 "$out/detail.csv" lo-detail-from-csv.xlsx --infilter="CSV:44,34,76,1" --convert-to xlsx
lo_to C.UTF-8 "$out/detail.xlsx" lo-resave.xlsx --convert-to xlsx
lo_to C.UTF-8 "$out/export.xlsx" lo-export-resave.xlsx --convert-to xlsx
lo_to C.UTF-8 "$out/detail.csv" mojibake.xlsx --convert-to xlsx
lo_to "$uk" "$out/detail.xlsx" lo-uk.csv --convert-to "$csvw"
lo_to "$uk" "$out/detail.csv" lo-uk-from-csv.xlsx --infilter="CSV:44,34,76,1" --convert-to xlsx

# --- the Python steps ----------------------------------------------------------------
say "openpyxl, pandas, codecs"
"$py" "$here/tools.py" openpyxl "$out"
"$py" "$here/tools.py" pandas "$out"
"$py" "$here/tools.py" codecs "$out"
"$py" "$here/tools.py" jsonl "$out"
say "LibreOffice over UNO in $uk: typing into cells"
env LC_ALL="$uk" LANG="$uk" LANGUAGE= ${locpath:+LOCPATH="$locpath"} HOME="$tmp/home" \
	"$py" "$here/tools.py" uno "$out" "$tmp/lo-profile-uno"

"$py" - "$tmp/versions.json" "$("$bin" --version)" "$(soffice --version | head -1)" <<'EOF'
import json, sys, platform, openpyxl, pandas
json.dump({"listings": sys.argv[2].split()[1], "libreoffice": sys.argv[3].split()[1],
           "openpyxl": openpyxl.__version__, "pandas": pandas.__version__,
           "python": platform.python_version()}, open(sys.argv[1], "w"))
EOF
"$py" "$here/tools.py" manifest "$out" "$tmp/cities.json" "$tmp/versions.json"

# --- into this folder: the files of the last run that are gone, then the new ones ------
if [ -f "$here/manifest.json" ]; then
	"$py" -c 'import json,sys; [print(f["file"]) for f in json.load(open(sys.argv[1]))["fixtures"]]' \
		"$here/manifest.json" | while read -r f; do rm -f "$here/$f"; done
fi
cp "$out"/* "$here/"
say "wrote $(ls "$out" | wc -l) files to $here"
