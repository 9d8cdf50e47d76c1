package i18n

import (
	"strings"

	"github.com/listings-tui/listings/api/client/rules"
)

// Reason is what is wrong, given as an id and its values (rules.Why: a rule's
// message, a listing a bulk action skips), in the interface's language: the entry
// prefix+ID, where prefix names the area's catalog ("editor.rule."), a Why among the
// values said the same way, and a "Status" value (or one whose name ends so,
// "OldStatus": a listing's status as the API names it) by its word, status.<value>,
// where there is one. A rules.Num value is written as the language writes numbers,
// a rules.Sayer by its own Said, and a "Count" value picks the entry's plural form.
// A Why whose words live in another area (a rule's own, a bulk reason an undo
// repeats) is said by that area's entry: one translation serves every area that
// meets it. Nothing wrong is "".
func Reason(prefix string, w rules.Why) string {
	if w.OK() {
		return ""
	}
	id := prefix + w.ID
	if !UI().has(id) {
		for _, area := range whyAreas {
			if UI().has(area + w.ID) {
				id = area + w.ID
				break
			}
		}
	}
	args := append([]any(nil), w.Args...)
	var count any
	for i := 1; i < len(args); i += 2 {
		switch v := args[i].(type) {
		case rules.Why:
			args[i] = Reason(prefix, v)
		case rules.Num:
			args[i] = UI().Number(int(v))
		case rules.Sayer:
			args[i] = v.Said()
		case string:
			if name, _ := args[i-1].(string); strings.HasSuffix(name, "Status") && UI().has("status."+v) {
				args[i] = T("status." + v)
			}
		}
		if args[i-1] == "Count" {
			count = args[i]
		}
	}
	if count != nil {
		return N(id, count, args...)
	}
	return T(id, args...)
}

// whyAreas are the catalogs' areas that hold the words of Whys, each under its
// prefix: the rules', bulk's reasons, the importer's problems, the jobs' plans, a
// path that names no file (the media picker's, an import row's photos).
var whyAreas = []string{"editor.rule.", "bulkform.why.", "importer.why.", "jobs.why.", "pickers.why."}
