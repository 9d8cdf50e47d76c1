package editor

import (
	"os"
	"os/exec"
	"strings"
)

// The description can be written in the user's own editor (ctrl+e). huh runs
// whatever it is given and, when that fails or is missing, silently keeps the text as
// it was; so the editor is found here, the way git and gh find one ($VISUAL, $EDITOR,
// then vi and nano on the PATH), and when there is none ctrl+e says so and what to do.

// findEditor returns the command line of the user's editor, or nil.
func findEditor(getenv func(string) string, lookPath func(string) (string, error)) []string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if f := strings.Fields(getenv(v)); len(f) > 0 {
			if _, err := lookPath(f[0]); err == nil {
				return f
			}
		}
	}
	for _, name := range []string{"vi", "nano"} {
		if p, err := lookPath(name); err == nil {
			return []string{p}
		}
	}
	return nil
}

// systemEditor is findEditor on this process's environment.
func systemEditor() []string { return findEditor(os.Getenv, exec.LookPath) }

// noEditorNote is what ctrl+e says when there is no editor to open.
const noEditorNote = "ctrl+e: no editor found ($VISUAL and $EDITOR are not set or not found, and neither vi nor nano is installed); set EDITOR, e.g. export EDITOR=nano, or type the description here"
