package sheetcmd

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/tui/termtext"
)

// chooseFormat is the sheet's format: --format when given, else the output file's
// extension, else CSV. A --format that contradicts the file's extension is refused:
// a .csv file holding XLSX would not open.
func chooseFormat(flag, output string) (sheet.Format, error) {
	var byName sheet.Format
	if output != "" && output != "-" {
		if f, err := sheet.FormatOf(output); err == nil {
			byName = f
		} else if flag == "" {
			return "", cmdutil.UsageErrorf("-o %s: %v", output, err)
		}
	}
	if flag == "" {
		if byName != "" {
			return byName, nil
		}
		return sheet.CSV, nil
	}
	f, err := sheet.ParseFormat(flag)
	if err != nil {
		return "", cmdutil.UsageErrorf("--format: %v", err)
	}
	if byName != "" && byName != f {
		return "", cmdutil.Usage("cli.export.format_mismatch", "Format", f, "File", filepath.Base(output))
	}
	return f, nil
}

// refuseTerminal refuses to write a binary XLSX file to a terminal.
func refuseTerminal(f *cmdutil.Factory, format sheet.Format, output string) error {
	if format == sheet.XLSX && (output == "" || output == "-") && f.IOStreams.IsStdoutTTY {
		return cmdutil.Usage("cli.export.xlsx_terminal")
	}
	return nil
}

// output is where a sheet goes: standard output, or a file written atomically (a
// temporary file beside it, renamed over it once complete), so that a failed or
// interrupted export never leaves half a file under the name asked for.
type output struct {
	w    io.Writer
	path string        // "" for standard output
	tmp  *os.File      // the file being written
	term *terminalText // standard output on a terminal
}

// openOutput opens path for a sheet; "" or "-" is standard output, cleaned when it
// is a terminal (terminalText).
func openOutput(f *cmdutil.Factory, path string) (*output, error) {
	if path == "" || path == "-" {
		if f.IOStreams.IsStdoutTTY {
			t := &terminalText{w: f.IOStreams.Out}
			return &output{w: t, term: t}, nil
		}
		return &output{w: f.IOStreams.Out}, nil
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, cmdutil.Usage("cli.export.is_dir", "Path", path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, cmdutil.Fail(err, "cli.export.cannot_write", "Path", path, "Err", cleanPathErr(err))
	}
	return &output{w: tmp, path: path, tmp: tmp}, nil
}

// commit puts the complete file under its name (on a terminal: prints its last
// line).
func (o *output) commit() error {
	if o.term != nil {
		return o.term.flush()
	}
	if o.tmp == nil {
		return nil
	}
	name := o.tmp.Name()
	err := o.tmp.Sync()
	if cerr := o.tmp.Close(); err == nil {
		err = cerr
	}
	o.tmp = nil
	if err == nil {
		// CreateTemp makes the file private; a sheet gets the mode of any file the
		// user saves there, by their umask (0644 under 022, 0600 under 077).
		_ = os.Chmod(name, sheet.NewFileMode(filepath.Dir(o.path)))
		err = os.Rename(name, o.path)
	}
	if err != nil {
		os.Remove(name)
		return cmdutil.Fail(err, "cli.export.cannot_write", "Path", o.path, "Err", cleanPathErr(err))
	}
	return nil
}

// abort drops the temporary file; after commit it does nothing.
func (o *output) abort() {
	if o.tmp != nil {
		name := o.tmp.Name()
		o.tmp.Close()
		os.Remove(name)
		o.tmp = nil
	}
}

// terminalText is standard output on a terminal. A terminal runs the escape
// sequences in what it prints, and the listings' titles and descriptions are the
// service's text: an OSC 52 in a title wrote tmux's clipboard, another retitled the
// pane. So what goes to a terminal is cleaned as the tables clean it (termtext), a
// line at a time: a line break never falls inside a character or a sequence that
// goes on past it, the way the end of one write may. A pipe or a file gets the sheet
// byte for byte.
type terminalText struct {
	w    io.Writer
	line []byte // the text after the last line break written, not printed yet
	out  []byte // the cleaned lines of one write
}

func (t *terminalText) Write(p []byte) (int, error) {
	t.out = t.out[:0]
	rest := p
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		t.line = append(t.line, rest[:i+1]...)
		rest = rest[i+1:]
		t.out = t.clean(t.out)
	}
	t.line = append(t.line, rest...)
	if len(t.out) > 0 {
		if _, err := t.w.Write(t.out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// clean appends the line held, cleaned, to dst and empties it. Its line break stays
// one even when an escape sequence left open before it took it.
func (t *terminalText) clean(dst []byte) []byte {
	s := termtext.CleanBlock(string(t.line))
	dst = append(dst, s...)
	if bytes.HasSuffix(t.line, []byte("\n")) && !strings.HasSuffix(s, "\n") {
		dst = append(dst, '\n')
	}
	t.line = t.line[:0]
	return dst
}

// flush prints what is held after the last line break.
func (t *terminalText) flush() error {
	if len(t.line) == 0 {
		return nil
	}
	_, err := t.w.Write(t.clean(nil))
	return err
}

// cleanPathErr is the cause of a file error without the path repeated.
func cleanPathErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return strings.TrimSpace(err.Error())
}

// absPath is path made absolute for a journal, so that a resume from another
// directory writes the same file; "" and "-" stay standard output.
func absPath(path string) string {
	if path == "" || path == "-" {
		return ""
	}
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}
