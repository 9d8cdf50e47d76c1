package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/listings-tui/listings/assets"
)

// A language's catalog is the folder assets/i18n/<lang>, a file an area of the
// interface (common, browser, cli, …), so that the words of one screen sit together
// and two translators rarely edit one file. An id belongs to one file only.

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

// raw is l's whole catalog, id by id, as the files hold it; an id in two files is
// an error, since which one wins would depend on the order they are read in.
func raw(l Lang) (map[string]json.RawMessage, error) {
	names, err := files(l)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	where := map[string]string{}
	for _, name := range names {
		b, err := assets.I18n.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for id, v := range m {
			if prev, dup := where[id]; dup {
				return nil, fmt.Errorf("%s: %q is also in %s", name, id, prev)
			}
			out[id], where[id] = v, name
		}
	}
	return out, nil
}
