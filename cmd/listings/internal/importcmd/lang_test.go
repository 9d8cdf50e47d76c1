package importcmd_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// A sheet that cannot be read is said in Ukrainian on a Ukrainian system, with the
// exit code of any language.
func TestImportSheetErrorsInUkrainian(t *testing.T) {
	t.Parallel()
	c := clitest.Offline(t)
	c.Env = map[string]string{"LANG": "uk_UA.UTF-8", "LISTINGS_CONFIG_DIR": t.TempDir()}
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.csv")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{filepath.Join(dir, "old.xls"): "old.xls: такий формат таблиць не читається",
		empty: "файл порожній: у таблиці спершу рядок з назвами колонок"} {
		r := c.Fails(cmdutil.ExitUsage, "", "import", file)
		if !strings.Contains(r.Stderr, want) {
			t.Errorf("%s: %s", filepath.Base(file), r.Stderr)
		}
	}
}
