package i18n

import "github.com/listings-tui/listings/api/client/rules"

// Reason is what is wrong, given as an id and its values (rules.Why: a rule's
// message, a listing a bulk action skips), in the interface's language: the entry
// prefix+ID, where prefix names the area's catalog ("editor.rule."), a Why among the
// values said the same way, and a "Status" value (a listing's status as the API
// names it) by its word, status.<value>, where there is one. Nothing wrong is "".
func Reason(prefix string, w rules.Why) string {
	if w.OK() {
		return ""
	}
	args := append([]any(nil), w.Args...)
	for i := 1; i < len(args); i += 2 {
		if inner, ok := args[i].(rules.Why); ok {
			args[i] = Reason(prefix, inner)
		}
		if s, ok := args[i].(string); ok && args[i-1] == "Status" && UI().has("status."+s) {
			args[i] = T("status." + s)
		}
	}
	return T(prefix+w.ID, args...)
}
