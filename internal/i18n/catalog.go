package i18n

import (
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/listings-tui/listings/assets"
)

// A language's catalog is the folder assets/i18n/<lang>, a file an area of the
// interface (common, browser, cli, …), so that the words of one screen sit together
// and two translators rarely edit one file. An id's first word names its file
// (browser.tab.active is in browser.json; common.json holds the ids of no area): a
// lookup reads only that file (book, printer.go), and TestIDsLiveInTheirArea keeps
// every id where a lookup will look for it.

// files are the catalog files of l, sorted.
func files(l Lang) ([]string, error) {
	ents, err := fs.ReadDir(assets.I18n, "i18n/"+string(l))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			out = append(out, path.Join("i18n", string(l), e.Name()))
		}
	}
	slices.Sort(out)
	return out, nil
}
