"""The Python steps of make.sh: what openpyxl, pandas, Python's codecs and a
LibreOffice driven over UNO (a user typing into cells) make of the app's exports,
and manifest.json. Run with /usr/bin/python3 (Debian's python3-openpyxl,
python3-pandas and python3-uno); make.sh calls each step:

    tools.py openpyxl DIR      openpyxl-of-lo.xlsx
    tools.py pandas DIR        pandas*.csv|xlsx|jsonl, edited-detail-pandas.csv
    tools.py codecs DIR        cp1251.csv, semicolon-comma.csv, mojibake-1251.csv
    tools.py jsonl DIR         edited-detail.jsonl
    tools.py uno DIR PROFILE   percent.xlsx, date.xlsx, edited-detail-lo.xlsx,
                               edited-export.csv (run it in the uk_UA locale)
    tools.py manifest DIR CITIES_JSON VERSIONS_JSON
                               manifest.json (CITIES_JSON: listings cities --json)

DIR is the fixtures' folder: each step reads the app's exports there and writes
its files there.
"""

import csv
import io
import json
import os
import re
import subprocess
import sys
import time

# The edits every edited fixture carries: one price, one city name, both on active
# listings of the personal account.
PRICE_ID, PRICE_OLD, PRICE_NEW = 10053, 1500, 1600
CITY_ID, CITY_OLD, CITY_NEW = 10047, "Одеса", "Львів"
# edited-export.csv is edited in a Ukrainian LibreOffice, where a price is typed
# with a decimal comma.
UK_PRICE_TYPED, UK_PRICE_NEW = "1650,5", 1650.5
# percent.xlsx: a smartphone (category 30101), whose battery_health is a percent.
PERCENT_ID, PERCENT_COL, PERCENT_TYPED, PERCENT_MEANT = 10017, "attr.battery_health", "85%", 85
# date.xlsx: a laptop's screen diagonal typed as 15.6 in a Ukrainian LibreOffice.
DATE_ID, DATE_COL, DATE_TYPED, DATE_MEANT = 10019, "attr.screen_size", "15.6", 15.6

# LibreOffice's "Text - txt - csv (StarCalc)" options: separator, quote, charset (76
# is UTF-8), first line; then, for an export, column formats (none), language (0),
# quote every text cell (false), detect special numbers, save cells as shown (true).
LO_CSV_READ = "44,34,76,1"
LO_CSV_WRITE_UK = "59,34,76,1,,0,false,true,true"


def die(msg):
    print("tools.py: " + msg, file=sys.stderr)
    sys.exit(1)


def path(d, name):
    return os.path.join(d, name)


def read_jsonl(p):
    with open(p, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# ---------------------------------------------------------------------------
# openpyxl


def step_openpyxl(d):
    import openpyxl

    wb = openpyxl.load_workbook(path(d, "lo-resave.xlsx"))
    wb.save(path(d, "openpyxl-of-lo.xlsx"))


# ---------------------------------------------------------------------------
# pandas: every call with its defaults, as a user's notebook has them


def step_pandas(d):
    import pandas as pd

    pd.read_csv(path(d, "detail.csv")).to_csv(path(d, "pandas.csv"))
    pd.read_csv(path(d, "export.csv")).to_csv(path(d, "pandas-export.csv"))
    pd.read_excel(path(d, "detail.xlsx")).to_excel(path(d, "pandas.xlsx"))
    pd.read_json(path(d, "detail.jsonl"), lines=True).to_json(
        path(d, "pandas.jsonl"), orient="records", lines=True, force_ascii=False)

    df = pd.read_csv(path(d, "detail.csv"))
    idcol = df.columns[0]  # "id", or "\ufeffid" if pandas kept the BOM
    for rid, col, old in ((PRICE_ID, "price", PRICE_OLD), (CITY_ID, "city", CITY_OLD)):
        if df.loc[df[idcol] == rid, col].tolist() != [old]:
            die(f"pandas: listing {rid}'s {col} is {df.loc[df[idcol] == rid, col].tolist()}, not [{old!r}]")
    df.loc[df[idcol] == PRICE_ID, "price"] = PRICE_NEW
    df.loc[df[idcol] == CITY_ID, "city"] = CITY_NEW
    df.to_csv(path(d, "edited-detail-pandas.csv"))


# ---------------------------------------------------------------------------
# codecs


DECIMAL = re.compile(r"^-?\d+\.\d+$")


def read_app_csv(p):
    with open(p, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def write_csv(p, rows, encoding, delimiter, bom=False, errors="strict"):
    buf = io.StringIO()
    csv.writer(buf, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    data = buf.getvalue().encode(encoding, errors=errors)
    with open(p, "wb") as f:
        f.write((b"\xef\xbb\xbf" if bom else b"") + data)


def unmappable(rows, encoding):
    bad = {}
    for row in rows:
        for cell in row:
            for ch in cell:
                try:
                    ch.encode(encoding)
                except UnicodeEncodeError:
                    bad[ch] = bad.get(ch, 0) + 1
    return bad


def step_codecs(d):
    rows = read_app_csv(path(d, "detail.csv"))
    # Excel on a Ukrainian Windows, "CSV (comma delimited)": the ANSI code page
    # (1251), the list separator ";", CRLF, no BOM; a character 1251 has not is
    # written as "?", as Excel does.
    write_csv(path(d, "cp1251.csv"), rows, "cp1251", ";", errors="replace")
    # A European spreadsheet's CSV: ";" because "," is the decimal separator, and
    # every decimal number written with a comma. The text of other cells as is.
    comma = [[c.replace(".", ",") if DECIMAL.match(c) else c for c in row] if i else row
             for i, row in enumerate(rows)]
    write_csv(path(d, "semicolon-comma.csv"), comma, "utf-8", ";", bom=True)
    # UTF-8 bytes read as Windows-1251 and saved as UTF-8. 0x98 is the one byte
    # 1251 leaves undefined (the second byte of UTF-8 "И"): it becomes U+FFFD.
    raw = open(path(d, "detail.csv"), "rb").read()
    with open(path(d, "mojibake-1251.csv"), "wb") as f:
        f.write(raw.decode("cp1251", errors="replace").encode("utf-8"))


# ---------------------------------------------------------------------------
# jsonl: the two lines edited as in a text editor, every other line as written


def step_jsonl(d):
    out = []
    seen = set()
    with open(path(d, "detail.jsonl"), encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r["id"] == PRICE_ID:
                assert r["price"] == PRICE_OLD, r["price"]
                r["price"] = PRICE_NEW
            elif r["id"] == CITY_ID:
                assert r["city"] == CITY_OLD, r["city"]
                r["city"] = CITY_NEW
            else:
                out.append(line)
                continue
            seen.add(r["id"])
            out.append(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    if seen != {PRICE_ID, CITY_ID}:
        die("jsonl: listings %s not found" % ({PRICE_ID, CITY_ID} - seen))
    with open(path(d, "edited-detail.jsonl"), "w", encoding="utf-8", newline="") as f:
        f.writelines(out)


# ---------------------------------------------------------------------------
# LibreOffice over UNO: a user opening a file, typing into cells and saving. The
# typing goes through Calc's input line (.uno:EnterString), so the locale reads it as
# a person's typing: "15.6" is a date in uk_UA, "85%" a percent, "1650,5" a number.


class Calc:
    def __init__(self, profile):
        import uno  # noqa: F401 (python3-uno)

        self.uno = uno
        pipe = "listings_fixtures_%d" % os.getpid()
        self.proc = subprocess.Popen(
            ["soffice", "-env:UserInstallation=" + uno.systemPathToFileUrl(os.path.abspath(profile)),
             "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
             "--accept=pipe,name=%s;urp;" % pipe],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.time() + 60
        while True:
            try:
                self.ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
                break
            except Exception:
                if time.time() > deadline or self.proc.poll() is not None:
                    self.proc.kill()
                    die("LibreOffice did not start (soffice --accept)")
                time.sleep(0.3)
        smgr = self.ctx.ServiceManager
        self.desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        self.dispatch = smgr.createInstanceWithContext("com.sun.star.frame.DispatchHelper", self.ctx)

    def prop(self, name, value):
        from com.sun.star.beans import PropertyValue

        p = PropertyValue()
        p.Name, p.Value = name, value
        return p

    def open(self, p, filt=None, options=None):
        props = [self.prop("Hidden", True)]
        if filt:
            props += [self.prop("FilterName", filt), self.prop("FilterOptions", options)]
        doc = self.desktop.loadComponentFromURL(self.uno.systemPathToFileUrl(os.path.abspath(p)), "_blank", 0, tuple(props))
        if doc is None:
            die("LibreOffice could not open " + p)
        return Book(self, doc)

    def close(self):
        try:
            self.desktop.terminate()
        except Exception:
            pass  # the bridge goes down with the office
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Book:
    def __init__(self, calc, doc):
        self.calc, self.doc = calc, doc
        self.sheet = doc.Sheets.getByIndex(0)
        data = self.sheet.getCellRangeByName("A1:ZZ1").getDataArray()[0]
        self.cols = {str(v): i for i, v in enumerate(data) if v != ""}
        ids = self.sheet.getCellRangeByPosition(0, 0, 0, 999).getDataArray()
        self.rows = {}
        for i, (v,) in enumerate(ids):
            if isinstance(v, float) and v > 0:
                self.rows[int(v)] = i
            elif isinstance(v, str) and v.isdigit():
                self.rows[int(v)] = i

    def cell(self, rid, col):
        return self.sheet.getCellByPosition(self.cols[col], self.rows[rid])

    def type(self, rid, col, text, expect_old=None):
        c = self.cell(rid, col)
        if expect_old is not None and c.getString() != str(expect_old):
            die("listing %d's %s shows %r, not %r" % (rid, col, c.getString(), expect_old))
        ctrl = self.doc.CurrentController
        ctrl.select(c)
        self.calc.dispatch.executeDispatch(ctrl.Frame, ".uno:EnterString", "", 0,
                                           (self.calc.prop("StringName", text),))
        c = self.cell(rid, col)
        return {"type": c.getType().value, "value": c.getValue(), "shown": c.getString(),
                "format": self.doc.NumberFormats.getByKey(c.getPropertyValue("NumberFormat")).FormatString}

    def save(self, p, filt, options=None):
        props = [self.calc.prop("FilterName", filt), self.calc.prop("Overwrite", True)]
        if options:
            props.append(self.calc.prop("FilterOptions", options))
        self.doc.storeToURL(self.calc.uno.systemPathToFileUrl(os.path.abspath(p)), tuple(props))
        self.doc.close(True)


XLSX = "Calc MS Excel 2007 XML"
CSV = "Text - txt - csv (StarCalc)"


def step_uno(d, profile):
    typed = {}
    calc = Calc(profile)
    try:
        b = calc.open(path(d, "detail.xlsx"))
        typed["percent.xlsx"] = [(PERCENT_ID, PERCENT_COL, PERCENT_TYPED, b.type(PERCENT_ID, PERCENT_COL, PERCENT_TYPED))]
        b.save(path(d, "percent.xlsx"), XLSX)

        b = calc.open(path(d, "detail.xlsx"))
        typed["date.xlsx"] = [(DATE_ID, DATE_COL, DATE_TYPED, b.type(DATE_ID, DATE_COL, DATE_TYPED))]
        b.save(path(d, "date.xlsx"), XLSX)

        b = calc.open(path(d, "detail.xlsx"))
        typed["edited-detail-lo.xlsx"] = [
            (PRICE_ID, "price", str(PRICE_NEW), b.type(PRICE_ID, "price", str(PRICE_NEW), PRICE_OLD)),
            (CITY_ID, "city", CITY_NEW, b.type(CITY_ID, "city", CITY_NEW, CITY_OLD))]
        b.save(path(d, "edited-detail-lo.xlsx"), XLSX)

        # The plain export opened as a Ukrainian user opens a CSV (the import dialog
        # set to UTF-8 and ","), edited, and saved as CSV with the dialog's ";".
        b = calc.open(path(d, "export.csv"), CSV, LO_CSV_READ)
        typed["edited-export.csv"] = [
            (PRICE_ID, "price", UK_PRICE_TYPED, b.type(PRICE_ID, "price", UK_PRICE_TYPED, PRICE_OLD)),
            (CITY_ID, "city", CITY_NEW, b.type(CITY_ID, "city", CITY_NEW, CITY_OLD))]
        b.save(path(d, "edited-export.csv"), CSV, LO_CSV_WRITE_UK)
    finally:
        calc.close()
    # What the cells became, for the manifest.
    with open(path(d, ".typed.json"), "w", encoding="utf-8") as f:
        json.dump(typed, f, ensure_ascii=False)
    for name, cells in typed.items():
        for rid, col, text, got in cells:
            print("  %s: listing %d %s typed %r -> %s" % (name, rid, col, text, got))


# ---------------------------------------------------------------------------
# Reading any fixture back, cell by cell, to say what each tool did


def num(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if isinstance(v, float) else str(v)


def canon_json(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(v)  # 1200.0 stays 1200.0: a float where the app wrote 1200 shows
    if isinstance(v, (bool, int)):
        return num(v)
    if isinstance(v, list):
        return ";".join(canon_json(x) for x in v)
    if isinstance(v, dict):
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    return str(v)


LOOKS_TYPED = re.compile(r"-?\d+(\.\d+)?|true|false")


def canon_xlsx(c):
    """A cell as a string that keeps its type: "=TRUE()" a formula, '"128"' a
    text that looks like a number, "date 2026-06-15 [dd/mm/yy]" a date."""
    import datetime

    v = c.value
    if v is None:
        return ""
    if c.data_type == "f" or (isinstance(v, str) and v.startswith("=")):
        return str(v)
    fmt = c.number_format.replace("\\", "").lower()
    if isinstance(v, datetime.datetime) and v.time() == datetime.time(0):
        return "date %s [%s]" % (v.date().isoformat(), fmt)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return "%s %s [%s]" % (type(v).__name__, v.isoformat(), fmt)
    if isinstance(v, (bool, int, float)):
        s = num(v)
        if "%" in fmt:
            s += " [%s]" % fmt
        return s
    if LOOKS_TYPED.fullmatch(v):
        return '"%s"' % v
    return str(v)


def read_table(p, fmt, encoding="utf-8", delimiter=","):
    """The header and rows of a fixture, each cell as a canonical string."""
    if fmt == "xlsx":
        import openpyxl

        ws = openpyxl.load_workbook(p).worksheets[0]
        rows = [[canon_xlsx(c) for c in r] for r in ws.iter_rows()]
        return rows[0], rows[1:]
    if fmt == "jsonl":
        recs = read_jsonl(p)
        head = []
        for r in recs:
            head += [k for k in r if k not in head]
        return head, [[canon_json(r.get(k)) for k in head] for r in recs]
    with open(p, encoding=encoding, newline="", errors="replace") as f:
        rows = list(csv.reader(f, delimiter=delimiter))
    return rows[0], rows[1:]


CYR = re.compile("[\u0400-\u04ff]")


# Mojibake: UTF-8 read as Latin-1 has Ð or Ñ before every Cyrillic letter; read as
# Windows-1251 it has Р or С before a character Ukrainian text never puts there.
MOJIBAKE = re.compile("[ÐÑ]|[РС][ЂЃ‚ѓ„…†‡€‰Љ‹ЊЌЋЏђ‘’“”•–—™љ›њќћџ\u00a0ЎўЈ¤¦§©«¬\u00ad®°±µ¶·№»јЅѕ]|\ufffd")


def shape(s, before=None):
    if s == "":
        return "empty"
    if s.startswith("="):
        return "formula " + s
    for kind in ("datetime", "date", "time"):
        if s.startswith(kind + " "):
            return kind + " " + s[s.index("["):]
    if "%]" in s:
        return "percent " + s[s.index("["):]
    if s in ("true", "false"):
        return "true/false"
    if s in ('"true"', '"false"'):
        return "text true/false"
    if s in ("True", "False", "ІСТИНА", "БРЕХНЯ"):
        return s
    if re.fullmatch(r'"-?\d+"', s):
        return "text integer"
    if re.fullmatch(r'"-?\d+\.\d+"', s):
        return "text N.N"
    if re.fullmatch(r"-?\d+", s):
        return "integer"
    if re.fullmatch(r"-?\d+\.0", s):
        return "float N.0"
    if re.fullmatch(r"-?\d+\.\d+", s):
        return "decimal N.N"
    if re.fullmatch(r"-?\d+,\d+", s):
        return "decimal N,N"
    if s.startswith("'"):
        return "text 'guarded"
    if MOJIBAKE.search(s):
        return "mojibake"
    if before is not None and "?" in s and "?" not in before:
        return "text with ?"
    if s.startswith("+380"):
        return "phone +380"
    if re.fullmatch(r"\d\d:\d\d", s):
        return "hh:mm"
    return "text"


def header_map(head, ref_head):
    """fixture column index → reference column name; and notes on the header."""
    m, notes = {}, []
    for i, h in enumerate(head):
        if h in ref_head:
            m[i] = h
        elif i == 0 and h in ("", "Unnamed: 0", None):
            notes.append("column %d: unnamed index column (header %r)" % (i + 1, h))
        else:
            match = [r for r in ref_head if r and h.endswith(r) and len(h) - len(r) <= 3]
            if match:
                m[i] = match[0]
                notes.append("header %r for %r" % (h, match[0]))
            else:
                notes.append("header %r is no column of the export" % h)
    missing = [r for r in ref_head if r not in m.values()]
    if missing:
        notes.append("columns missing: " + ", ".join(missing[:8]) + (" …" if len(missing) > 8 else ""))
    return m, notes


def observe(d, name, fmt, ref_name, encoding="utf-8", delimiter=","):
    """What differs in a fixture from the app's file it came from, grouped."""
    ref_fmt = ref_name.rsplit(".", 1)[1]
    ref_head, ref_rows = read_table(path(d, ref_name), ref_fmt)
    head, rows = read_table(path(d, name), fmt, encoding, delimiter)
    if ref_fmt == "csv":
        ref_head[0] = ref_head[0].lstrip("\ufeff")
    m, notes = header_map(head, ref_head)
    id_at = next((i for i, h in m.items() if h == "id"), None)
    ref_by_id = {r[0]: dict(zip(ref_head, r)) for r in ref_rows}
    groups = {}
    for r in rows:
        rid = r[id_at] if id_at is not None else ""
        rid = re.sub(r"\.0$", "", rid)
        ref = ref_by_id.get(rid)
        if ref is None:
            notes.append("row with id %r is in no row of %s" % (rid, ref_name))
            continue
        for i, col in m.items():
            got = r[i] if i < len(r) else ""
            want = ref.get(col, "")
            if got == want:
                continue
            group = "attr.*" if col.startswith("attr.") else col
            key = (group, shape(want), shape(got, want))
            g = groups.setdefault(key, [0, []])
            g[0] += 1
            if len(g[1]) < 2:
                g[1].append("%s %s %r → %r" % (rid, col, want, got))
    out = []
    for (col, a, b), (n, ex) in sorted(groups.items()):
        out.append("%s: %d cell%s %s → %s, e.g. %s" % (col, n, "" if n == 1 else "s", a, b, "; ".join(ex)))
    return notes + out


# ---------------------------------------------------------------------------
# manifest.json


def stored_cell(d, f, rid, col):
    """One cell of a fixture as the file holds it."""
    if f.endswith(".xlsx"):
        import openpyxl

        ws = openpyxl.load_workbook(path(d, f)).worksheets[0]
        head = [c.value for c in ws[1]]
        for r in ws.iter_rows(min_row=2):
            if r[head.index("id")].value == rid:
                c = r[head.index(col)]
                v = c.value
                if hasattr(v, "isoformat"):
                    v = v.isoformat()
                from openpyxl.utils.datetime import to_excel

                out = {"value": v, "cell_type": c.data_type, "number_format": c.number_format}
                if hasattr(c.value, "isoformat"):
                    out["serial"] = to_excel(c.value)
                return out
        die("no listing %d in %s" % (rid, f))
    head, rows = read_table(path(d, f), "csv", "utf-8", ";")
    for r in rows:
        if r[head.index("id")] == str(rid):
            return {"text": r[head.index(col)]}
    die("no listing %d in %s" % (rid, f))


def step_manifest(d, cities_json, versions_json):
    detail = {r["id"]: r for r in read_jsonl(path(d, "detail.jsonl"))}
    cities = json.load(open(cities_json, encoding="utf-8"))
    named = [c for c in cities if c["name"] == CITY_NEW]
    if len(named) != 1:
        die("%d cities of the sandbox are named %s; the edit needs one" % (len(named), CITY_NEW))
    ref = named[0]["ref"]
    versions = json.load(open(versions_json, encoding="utf-8"))
    typed = json.load(open(path(d, ".typed.json"), encoding="utf-8"))
    for rid in (PRICE_ID, CITY_ID):
        if detail[rid]["status"] != "active":
            die("listing %d is %s, not active" % (rid, detail[rid]["status"]))
    if detail[PERCENT_ID]["category_id"] != 30101:
        die("listing %d is not of category 30101" % PERCENT_ID)

    def attrs_with(rid, col, value):
        r = detail[rid]
        a = {k[len("attr."):]: v for k, v in r.items() if k.startswith("attr.")}
        a[col[len("attr."):]] = value
        return {"attributes": dict(sorted(a.items()))}

    edits = {str(PRICE_ID): {"price": PRICE_NEW}, str(CITY_ID): {"city_ref": ref}}
    uk_edits = {str(PRICE_ID): {"price": UK_PRICE_NEW}, str(CITY_ID): {"city_ref": ref}}
    lo = "LibreOffice " + versions["libreoffice"]
    lo_c = lo + " (soffice --headless, LC_ALL=C.UTF-8: an en-US Calc)"
    lo_uk = lo + " (LC_ALL=uk_UA.UTF-8: a Ukrainian Calc)"
    pd_ = "pandas %s (Python %s)" % (versions["pandas"], versions["python"])
    px = "openpyxl " + versions["openpyxl"]
    app = "listings " + versions["listings"]
    def typed_cells(f):
        return [{"id": rid, "column": col, "typed": text, "calc_showed": got["shown"],
                 "stored": stored_cell(d, f, rid, col)} for rid, col, text, got in typed[f]]

    edit_cells = [
        {"id": PRICE_ID, "column": "price", "was": PRICE_OLD, "now": PRICE_NEW},
        {"id": CITY_ID, "column": "city", "was": CITY_OLD, "now": CITY_NEW,
         "note": "only the city name cell; city_ref still holds the old city's ref (%s)" % detail[CITY_ID]["city_ref"]}]

    F = []

    def add(file, tool, step, kind, source, read, **kw):
        e = {"file": file, "tool": tool, "step": step, "kind": kind, "from": source}
        e.update(kw)
        if kind == "untouched":
            e["expect"] = {}
        e["observed_against"] = read[1]
        e["observed"] = observe(d, file, *read)
        F.append(e)

    for f in ("export", "detail"):
        det = " --detail" if f == "detail" else ""
        for ext in ("csv", "xlsx", "jsonl"):
            add(f"{f}.{ext}", app, f"listings export --status all{det} -o {f}.{ext}", "untouched", None,
                (ext, f"{f}.{ext}"))
    add("lo-detail-from-csv.xlsx", lo_c,
        'soffice --infilter="CSV:%s" --convert-to xlsx detail.csv' % LO_CSV_READ, "untouched", "detail.csv",
        ("xlsx", "detail.xlsx"))
    add("lo-resave.xlsx", lo_c, "soffice --convert-to xlsx detail.xlsx", "untouched", "detail.xlsx",
        ("xlsx", "detail.xlsx"))
    add("lo-export-resave.xlsx", lo_c, "soffice --convert-to xlsx export.xlsx", "untouched", "export.xlsx",
        ("xlsx", "export.xlsx"))
    add("openpyxl-of-lo.xlsx", px, "openpyxl.load_workbook('lo-resave.xlsx').save(...)", "untouched",
        "lo-resave.xlsx", ("xlsx", "detail.xlsx"))
    add("lo-uk.csv", lo_uk, "soffice --convert-to 'csv:%s:%s' detail.xlsx" % (CSV, LO_CSV_WRITE_UK),
        "untouched", "detail.xlsx", ("csv", "detail.csv", "utf-8", ";"))
    add("pandas.csv", pd_, "pd.read_csv('detail.csv').to_csv('pandas.csv')", "untouched", "detail.csv",
        ("csv", "detail.csv"))
    add("pandas-export.csv", pd_, "pd.read_csv('export.csv').to_csv('pandas-export.csv')", "untouched",
        "export.csv", ("csv", "export.csv"))
    add("pandas.xlsx", pd_, "pd.read_excel('detail.xlsx').to_excel('pandas.xlsx')", "untouched", "detail.xlsx",
        ("xlsx", "detail.xlsx"))
    add("pandas.jsonl", pd_,
        "pd.read_json('detail.jsonl', lines=True).to_json('pandas.jsonl', orient='records', lines=True, force_ascii=False)",
        "untouched", "detail.jsonl", ("jsonl", "detail.jsonl"))
    bad = unmappable(read_app_csv(path(d, "detail.csv")), "cp1251")
    add("cp1251.csv", "Python %s codecs" % versions["python"],
        "detail.csv's cells written with ';', CRLF, no BOM, encoded cp1251 (errors='replace')", "untouched",
        "detail.csv", ("csv", "detail.csv", "cp1251", ";"),
        lost={ch: {"count": n, "written": "?"} for ch, n in sorted(bad.items())},
        note="a character Windows-1251 cannot hold is written as '?', as Excel does: an import must not send "
             "a changed title or description for those rows (the '?' is a loss, not an edit)" if bad else None)
    add("semicolon-comma.csv", "Python %s csv" % versions["python"],
        "detail.csv's cells with ';', CRLF, a BOM, and every decimal number N.N written N,N", "untouched",
        "detail.csv", ("csv", "detail.csv", "utf-8-sig", ";"))

    add("mojibake.xlsx", lo_c, "soffice --convert-to xlsx detail.csv (no --infilter: UTF-8 read as Latin-1)",
        "damaged", "detail.csv", ("xlsx", "detail.xlsx"),
        problem="mojibake: the CSV's UTF-8 read as Latin-1 (Windows-1252): header 'ï»¿id', "
                "every Cyrillic text garbled ('Подобова' → 'ÐŸÐ¾Ð´Ð¾Ð±Ð¾Ð²Ð°')",
        expect="refuse (or read nothing as an edit)")
    add("mojibake-1251.csv", "Python %s codecs" % versions["python"],
        "detail.csv's bytes decoded as cp1251 (errors='replace'), saved as UTF-8", "damaged", "detail.csv",
        ("csv", "detail.csv"),
        problem="mojibake: UTF-8 read as Windows-1251: header 'п»їid', 'Подобова' → 'РџРѕРґРѕР±РѕРІР°', "
                "the undefined byte 0x98 (in 'И') became U+FFFD",
        expect="refuse (or read nothing as an edit)")
    add("lo-uk-from-csv.xlsx", lo_uk,
        'soffice --infilter="CSV:%s" --convert-to xlsx detail.csv' % LO_CSV_READ, "damaged", "detail.csv",
        ("xlsx", "detail.xlsx"),
        problem="a Ukrainian Calc reads detail.csv's numbers by its own locale: 1.4 and 13.3 became dates "
                "(1 April, 13 March of the current year), 1499.99 and other N.N numbers stayed text, true/false "
                "stayed text, 23:24 became a time",
        expect="refuse the rows whose number cells hold dates (or fix them with a note); send nothing else")
    pct = stored_cell(d, "percent.xlsx", PERCENT_ID, PERCENT_COL)
    add("percent.xlsx", lo_uk, "detail.xlsx opened in Calc, %r typed into listing %d's %s, saved as XLSX"
        % (PERCENT_TYPED, PERCENT_ID, PERCENT_COL), "damaged", "detail.xlsx", ("xlsx", "detail.xlsx"),
        problem="percent: listing %d (category 30101) %s holds the number %s with the number format %r "
                "(the user meant %d; it was %d)" % (PERCENT_ID, PERCENT_COL, num(pct["value"]),
                                                    pct["number_format"], PERCENT_MEANT,
                                                    detail[PERCENT_ID][PERCENT_COL]),
        cells=typed_cells("percent.xlsx"),
        expect="refuse the row, or fix it with a note; never send %s" % num(pct["value"]),
        if_fixed={str(PERCENT_ID): attrs_with(PERCENT_ID, PERCENT_COL, PERCENT_MEANT)})
    dt = stored_cell(d, "date.xlsx", DATE_ID, DATE_COL)
    add("date.xlsx", lo_uk, "detail.xlsx opened in Calc, %r typed into listing %d's %s, saved as XLSX"
        % (DATE_TYPED, DATE_ID, DATE_COL), "damaged", "detail.xlsx", ("xlsx", "detail.xlsx"),
        problem="date: listing %d %s holds the date serial %s (%s) with the number format %r, not %s (it was %s)"
                % (DATE_ID, DATE_COL, num(dt["serial"]), dt["value"][:10], dt["number_format"], DATE_TYPED,
                   num(detail[DATE_ID][DATE_COL])),
        cells=typed_cells("date.xlsx"),
        note="the serial depends on the year the file was made (Calc completes 15.6 with the current year)",
        expect="refuse the row (or fix it with a note); never send %s" % num(dt["serial"]),
        if_fixed={str(DATE_ID): attrs_with(DATE_ID, DATE_COL, DATE_MEANT)})

    add("edited-detail-lo.xlsx", lo_uk, "detail.xlsx opened in Calc, two cells typed, saved as XLSX", "edited",
        "detail.xlsx", ("xlsx", "detail.xlsx"), cells=typed_cells("edited-detail-lo.xlsx"), edited=edit_cells,
        expect=edits)
    add("edited-detail-pandas.csv", pd_,
        "df = pd.read_csv('detail.csv'); df.loc[df.id == %d, 'price'] = %d; df.loc[df.id == %d, 'city'] = %r; "
        "df.to_csv('edited-detail-pandas.csv')" % (PRICE_ID, PRICE_NEW, CITY_ID, CITY_NEW), "edited",
        "detail.csv", ("csv", "detail.csv"), edited=edit_cells, expect=edits)
    add("edited-export.csv", lo_uk,
        "export.csv opened in Calc (filter options %s), two cells typed, saved as CSV (%s)"
        % (LO_CSV_READ, LO_CSV_WRITE_UK), "edited", "export.csv", ("csv", "export.csv", "utf-8", ";"),
        cells=typed_cells("edited-export.csv"),
        edited=[{"id": PRICE_ID, "column": "price", "was": PRICE_OLD, "now": UK_PRICE_NEW, "typed": UK_PRICE_TYPED},
                {"id": CITY_ID, "column": "city", "was": CITY_OLD, "now": CITY_NEW}],
        expect=uk_edits)
    add("edited-detail.jsonl", "Python %s json" % versions["python"],
        "two lines of detail.jsonl rewritten (json.dumps, ensure_ascii=False), the others kept byte for byte",
        "edited", "detail.jsonl", ("jsonl", "detail.jsonl"), edited=edit_cells, expect=edits)

    for e in F:
        if e.get("note") is None:
            e.pop("note", None)
    manifest = {
        "about": "Sheets real tools made of the app's own exports of the sandbox's personal account "
                 "(46 listings); made by make.sh. kind: untouched (an import sends nothing), damaged "
                 "(an import refuses it or fixes it with a note, never sends garbage), edited (an import sends "
                 "exactly expect: listing id → the edit's JSON fields). observed: every cell that differs from "
                 "the app's file in 'observed_against', grouped by column and by what it became.",
        "sandbox": {"base_url": "http://127.0.0.1:8080", "key": "personal", "moderation_delay": "24h",
                    "listings": len(detail)},
        "versions": versions,
        "cities": {CITY_NEW: ref, CITY_OLD: detail[CITY_ID]["city_ref"]},
        "fixtures": F,
    }
    with open(path(d, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2)
        f.write("\n")
    os.remove(path(d, ".typed.json"))


def main(argv):
    if len(argv) < 3:
        die(__doc__)
    step, d = argv[1], argv[2]
    if step == "openpyxl":
        step_openpyxl(d)
    elif step == "pandas":
        step_pandas(d)
    elif step == "codecs":
        step_codecs(d)
    elif step == "jsonl":
        step_jsonl(d)
    elif step == "uno":
        step_uno(d, argv[3])
    elif step == "manifest":
        step_manifest(d, argv[3], argv[4])
    else:
        die("no step " + step)


if __name__ == "__main__":
    main(sys.argv)
