#!/bin/sh
# Makes the workbooks of this folder the way real tools make them (LibreOffice 7.4,
# openpyxl 3.0; field notes: "What real spreadsheet tools do to a sheet"):
#   apt-get install libreoffice-calc python3-openpyxl
#   cd api/jobs/sheet/testdata/tools && sh make.sh
# shop.csv is UTF-8 with a byte order mark, as `listings export` writes it.
set -e
out=$(mktemp -d)
# Without an input filter soffice reads the UTF-8 CSV as Latin-1: mojibake.
soffice --headless --convert-to xlsx --outdir "$out/latin1" shop.csv
soffice --headless --infilter="CSV:44,34,76" --convert-to xlsx --outdir "$out/utf8" shop.csv
soffice --headless --infilter="CSV:44,34,76" --convert-to xlsx --outdir "$out/utf8" formulas.csv
cp "$out/latin1/shop.xlsx" shop-latin1.xlsx
cp "$out/utf8/shop.xlsx" shop-libreoffice.xlsx
cp "$out/utf8/formulas.xlsx" formulas-libreoffice.xlsx
# A ";" CSV in Windows-1251 (LibreOffice's encoding 34), what Excel on a Ukrainian
# Windows saves as "CSV".
soffice --headless --convert-to 'csv:Text - txt - csv (StarCalc):59,34,34' --outdir "$out/cp" shop-libreoffice.xlsx
cp "$out/cp/shop-libreoffice.csv" shop-1251.csv
# openpyxl keeps a formula and drops its value: <f>FALSE()</f><v></v>.
/usr/bin/python3 - <<'PY'
import openpyxl
for src, dst in [("shop-libreoffice.xlsx", "shop-openpyxl.xlsx"), ("formulas-libreoffice.xlsx", "formulas-openpyxl.xlsx")]:
    openpyxl.load_workbook(src).save(dst)
PY
rm -r "$out"
