package sheetcmd

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/cmd/listings/internal/iostreams"
)

// An XLSX file is never printed to a terminal; piped, it is.
func TestXLSXRefusedOnATerminal(t *testing.T) {
	ios, _, _ := iostreams.Test("")
	f := cmdtest.NewFactory(nil, ios)
	ios.IsStdoutTTY = true
	for _, args := range [][]string{{"--format", "xlsx"}, {"-o", "-", "--format", "xlsx"}} {
		c := NewCmdExport(f)
		c.SetArgs(args)
		c.SilenceUsage, c.SilenceErrors = true, true
		err := c.Execute()
		if !cmdutil.IsUsage(err) || !strings.Contains(err.Error(), "terminal") {
			t.Errorf("%v: %v", args, err)
		}
	}
	if err := refuseTerminal(f, sheet.CSV, ""); err != nil {
		t.Errorf("CSV on a terminal: %v", err)
	}
	ios.IsStdoutTTY = false
	if err := refuseTerminal(f, sheet.XLSX, ""); err != nil {
		t.Errorf("XLSX to a pipe: %v", err)
	}
}

func TestChooseFormat(t *testing.T) {
	for _, c := range []struct {
		flag, output string
		want         sheet.Format
	}{
		{"", "", sheet.CSV}, {"", "a.XLSX", sheet.XLSX}, {"", "a.ndjson", sheet.JSONL},
		{"jsonl", "", sheet.JSONL}, {"xlsx", "a.xlsx", sheet.XLSX}, {"csv", "export", sheet.CSV}, {"", "-", sheet.CSV},
	} {
		if got, err := chooseFormat(c.flag, c.output); err != nil || got != c.want {
			t.Errorf("chooseFormat(%q, %q) = %q, %v", c.flag, c.output, got, err)
		}
	}
	for _, c := range [][2]string{{"", "a.pdf"}, {"csv", "a.xlsx"}, {"yaml", ""}, {"", "a.xls"}} {
		if _, err := chooseFormat(c[0], c[1]); !cmdutil.IsUsage(err) {
			t.Errorf("chooseFormat(%q, %q) took it: %v", c[0], c[1], err)
		}
	}
}
