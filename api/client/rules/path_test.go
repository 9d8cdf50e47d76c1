package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/rules"
)

// Every path that names no file is a Why of its case, whose English is the error's
// text word for word (what an import's journal and --json keep).
func TestPathWhyIsTheErrorsEnglish(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "shots"), 0o700); err != nil {
		t.Fatal(err)
	}
	for i := range media.MaxMatches + 1 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%03d.jpg", i)), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for typed, want := range map[string]string{"": media.PathEmpty, "shots": media.PathFolder, "gone.jpg": media.PathMissing,
		"[.jpg": media.PathPattern, "none-*.jpg": media.PathNoMatch, "p*.jpg": media.PathTooMany, "/dev/null": media.PathNotFile} {
		_, err := media.Files(typed, dir)
		w, ok := rules.PathWhy(err)
		switch {
		case !ok:
			t.Errorf("%q: no Why for %v", typed, err)
		case w.ID != "path."+want:
			t.Errorf("%q: %s, want path.%s", typed, w.ID, want)
		case w.String() != err.Error():
			t.Errorf("%q: the Why says %q, the error %q", typed, w.String(), err.Error())
		}
	}
	if _, ok := rules.PathWhy(os.ErrPermission); ok {
		t.Error("a Why for an error that is no path's")
	}
}
