#!/bin/sh
# Makes LibreOffice's readings of what this package's XLSX writer writes, for
# TestLibreOffice (CI has no LibreOffice; these files are committed):
#   apt-get install libreoffice-calc
#   cd api/jobs/sheet/testdata/libreoffice && sh make.sh
# listings.xlsx and template.xlsx are the writer's own (the test writes them); the
# export comes back as LibreOffice saves it as XLSX and as UTF-8 CSV (filter options:
# comma, double quote, UTF-8; without them Cyrillic is lost), the template as XLSX and
# as ODS, whose content.xml shows the notes and drop-downs LibreOffice read.
set -e
(cd ../.. && go test -count=1 -run '^TestLibreOffice$' . -args -libreoffice-source)
out=$(mktemp -d)
soffice --headless --convert-to xlsx --outdir "$out" listings.xlsx template.xlsx
soffice --headless --convert-to 'csv:Text - txt - csv (StarCalc):44,34,76' --outdir "$out" listings.xlsx
soffice --headless --convert-to ods --outdir "$out" template.xlsx
cp "$out/listings.xlsx" listings-libreoffice.xlsx
cp "$out/listings.csv" listings-libreoffice.csv
cp "$out/template.xlsx" template-libreoffice.xlsx
cp "$out/template.ods" template.ods
rm -r "$out"
