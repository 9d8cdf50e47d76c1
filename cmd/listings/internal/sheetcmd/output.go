package sheetcmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/api/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
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
		return "", cmdutil.UsageErrorf("--format %s does not go with -o %s: name the file .%s, or drop --format", f, filepath.Base(output), f)
	}
	return f, nil
}

// refuseTerminal refuses to write a binary XLSX file to a terminal.
func refuseTerminal(f *cmdutil.Factory, format sheet.Format, output string) error {
	if format == sheet.XLSX && (output == "" || output == "-") && f.IOStreams.IsStdoutTTY {
		return cmdutil.UsageErrorf("an XLSX file is not printed to a terminal: write it with -o FILE.xlsx, or redirect standard output to a file")
	}
	return nil
}

// output is where a sheet goes: standard output, or a file written atomically (a
// temporary file beside it, renamed over it once complete), so that a failed or
// interrupted export never leaves half a file under the name asked for.
type output struct {
	w    io.Writer
	path string   // "" for standard output
	tmp  *os.File // the file being written
}

// openOutput opens path for a sheet; "" or "-" is standard output.
func openOutput(f *cmdutil.Factory, path string) (*output, error) {
	if path == "" || path == "-" {
		return &output{w: f.IOStreams.Out}, nil
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, cmdutil.UsageErrorf("-o %s is a directory: name a file", path)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, cmdutil.NewError(fmt.Sprintf("cannot write %s: %v", path, cleanPathErr(err)), err)
	}
	return &output{w: tmp, path: path, tmp: tmp}, nil
}

// commit puts the complete file under its name.
func (o *output) commit() error {
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
		return cmdutil.NewError(fmt.Sprintf("cannot write %s: %v", o.path, cleanPathErr(err)), err)
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
