package media

import (
	"fmt"
	"strconv"
	"strings"
)

// FileSize renders a file's size in the unit of the spec's limits: MB meaning 10^6
// bytes, as docs/sandbox.md records ("12 MB", "55.2 MB"), kB below a megabyte and GB
// from a gigabyte, with one decimal that is left out when it is 0. Every message that
// states a file's size or a limit goes through it, so that a number is never read in
// two units (a file manager, and the spec, count 55 198 985 bytes as 55.2 MB).
func FileSize(n int64) string {
	num, unit := SizeParts(n)
	switch {
	case unit != UnitBytes:
		return num + " " + unit
	case n == 1:
		return "1 byte"
	}
	return num + " bytes"
}

// UnitBytes is SizeParts' unit below a kilobyte.
const UnitBytes = "bytes"

// SizeParts is FileSize as its number, a plain decimal ("55.2"), and its unit
// (UnitBytes, "kB", "MB" or "GB"), for a front end to write in its language.
func SizeParts(n int64) (num, unit string) {
	switch {
	case n < 1000:
		return strconv.FormatInt(n, 10), UnitBytes
	case n < 1_000_000:
		return decimal(n, 1000), "kB"
	case n < 1_000_000_000:
		return decimal(n, 1_000_000), "MB"
	}
	return decimal(n, 1_000_000_000), "GB"
}

// decimal is n/unit rounded to one decimal, without a trailing ".0". A value that
// rounds up to the next unit stays in this one ("1000 kB"), which is rare and still
// right.
func decimal(n, unit int64) string {
	tenths := (n*10 + unit/2) / unit
	if tenths%10 == 0 {
		return strconv.FormatInt(tenths/10, 10)
	}
	return fmt.Sprintf("%d.%d", tenths/10, tenths%10)
}

// ExactBytes is n with its thousands grouped by a space, as the app writes numbers:
// "55 198 985 bytes".
func ExactBytes(n int64) string {
	d := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	if n == 1 {
		return b.String() + " byte"
	}
	return b.String() + " bytes"
}

// Near reports whether size is near limit, within a quarter of it above: a size so
// close is said in exact bytes too.
func Near(size, limit int64) bool { return size <= limit+limit/4 }

// OverLimit says that a file of size bytes is over limit: "71.3 MB is over the 50 MB
// limit", and with the exact bytes when the file is near the limit (within a quarter
// of it above), where a rounded figure could read as within it or hide how close it
// is: "55 198 985 bytes (55.2 MB) is over the 50 MB limit", "12 000 001 bytes (12 MB)
// is over the 12 MB limit".
func OverLimit(size, limit int64) string {
	s := FileSize(size)
	if Near(size, limit) {
		s = ExactBytes(size) + " (" + s + ")"
	}
	return s + " is over the " + FileSize(limit) + " limit"
}
