package sheet

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/listings-tui/listings/api/client/rules"
	"golang.org/x/text/encoding/charmap"
)

// sniffBytes is how much of a text file is looked at before it is read: enough for
// the header and dozens of rows, whose letters say which character set it is in.
const sniffBytes = 64 << 10

var leadingBOM = []byte("\xef\xbb\xbf")

// text is a CSV or JSON Lines file opened for reading as UTF-8.
type text struct {
	r     *bufio.Reader
	utf8  bool      // the bytes are the file's own: every cell is checked to be UTF-8
	note  rules.Why // how it was read, when not as UTF-8
	first []byte    // the start of the text, for the CSV separator
	// charset is the character set the text was decoded from, when not UTF-8.
	charset string
}

// openText looks at the start of a text sheet: what is no text is refused naming
// what it looks like, and text that is not UTF-8 is read as Windows-1251 when its
// letters read as Cyrillic so (what Excel on a Ukrainian or Russian Windows saves
// as "CSV"), else refused.
func openText(r io.Reader, f Format) (*text, error) {
	br := bufio.NewReaderSize(r, sniffBytes)
	sample, err := br.Peek(sniffBytes)
	whole := errors.Is(err, io.EOF)
	if err != nil && !whole && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, readErr(err)
	}
	if whole && len(bytes.TrimSpace(sample)) == 0 {
		return nil, errEmpty
	}
	if err := checkSignature(sample, f); err != nil {
		return nil, err
	}
	if bytes.HasPrefix(sample, leadingBOM) {
		br.Discard(len(leadingBOM))
		return &text{r: br, utf8: true, first: sample[len(leadingBOM):]}, nil
	}
	if !whole {
		sample = cutPartialRune(sample)
	}
	if utf8.Valid(sample) {
		return &text{r: br, utf8: true, first: sample}, nil
	}
	if !looksCP1251(sample) {
		return nil, refuse("charset")
	}
	dec := bufio.NewReaderSize(charmap.Windows1251.NewDecoder().Reader(br), sniffBytes)
	first, _ := dec.Peek(sniffBytes)
	return &text{r: dec, first: first, charset: CharsetWindows1251,
		note: rules.Because(whyPrefix + "note.cp1251")}, nil
}

// CharsetWindows1251 is Table.Charset of a sheet read as Windows-1251.
const CharsetWindows1251 = "windows-1251"

// checkSignature refuses a file that is no text, naming what it is.
func checkSignature(data []byte, f Format) error {
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return refuse("zip", "Format", strings.ToUpper(string(f)))
	case bytes.HasPrefix(data, []byte{0xd0, 0xcf, 0x11, 0xe0}):
		return refuse("xls")
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}), bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return refuse("utf16")
	case bytes.IndexByte(data, 0) >= 0:
		return refuse("binary", "Format", strings.ToUpper(string(f)))
	}
	return nil
}

// cutPartialRune drops a UTF-8 sequence cut by the end of a sample.
func cutPartialRune(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// looksCP1251 says whether bytes that are not UTF-8 read as Cyrillic text in
// Windows-1251: no byte the code page leaves unused, and of the bytes beyond ASCII
// at least four in five Cyrillic letters, few of them touching a Latin letter. That
// keeps out a Western file in Latin-1 ("Café", "Größe": its é, ö, ß read as the
// Cyrillic й, ц, Я, but inside Latin words), and anything binary.
func looksCP1251(b []byte) bool {
	letters, other, mixed := 0, 0, 0
	for i, c := range b {
		if c < utf8.RuneSelf {
			continue
		}
		if c == 0x98 {
			return false
		}
		r := charmap.Windows1251.DecodeByte(c)
		if !unicode.Is(unicode.Cyrillic, r) || !unicode.IsLetter(r) {
			other++
			continue
		}
		letters++
		if (i > 0 && isLatinLetter(b[i-1])) || (i+1 < len(b) && isLatinLetter(b[i+1])) {
			mixed++
		}
	}
	return letters > 0 && letters >= 4*other && 10*mixed <= letters
}

func isLatinLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
