package i18n

import "github.com/listings-tui/listings/api/client/rules"

// Reason is what is wrong, given as an id and its values (rules.Why: a rule's
// message, a listing a bulk action skips), in the interface's language: the entry
// prefix+ID, where prefix names the area's catalog ("editor.rule."), a Why among the
// values said the same way, and a "Status" value (a listing's status as the API
// names it) by its word, status.<value>, where there is one. A rules.Num value is
// written as the language writes numbers, and a "Count" value picks the entry's
// plural form. A rule's own Why (the rules package's ids, a body's problem an import
// row repeats) is said by its editor.rule. entry when the area has none of its own:
// one translation of a rule serves every area that meets it. Nothing wrong is "".
func Reason(prefix string, w rules.Why) string {
	if w.OK() {
		return ""
	}
	id := prefix + w.ID
	if _, own := rules.English[w.ID]; own && !UI().has(id) {
		id = ruleArea + w.ID
	}
	args := append([]any(nil), w.Args...)
	var count any
	for i := 1; i < len(args); i += 2 {
		switch v := args[i].(type) {
		case rules.Why:
			args[i] = Reason(prefix, v)
		case rules.Num:
			args[i] = UI().Number(int(v))
		case string:
			if args[i-1] == "Status" && UI().has("status."+v) {
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

// ruleArea is where the rules package's own Whys have their words.
const ruleArea = "editor.rule."
