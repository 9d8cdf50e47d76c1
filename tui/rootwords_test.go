package tui

import (
	"errors"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/action"
	"github.com/listings-tui/listings/tui/confirm"
	"github.com/listings-tui/listings/tui/draftnote"
	"github.com/listings-tui/listings/tui/editing"
	"github.com/listings-tui/listings/tui/frame"
	"github.com/listings-tui/listings/tui/keycheck"
	"github.com/listings-tui/listings/tui/langswitch"
	"github.com/listings-tui/listings/tui/login"
	"github.com/listings-tui/listings/tui/msgs"
	"github.com/listings-tui/listings/tui/notice"
	"github.com/listings-tui/listings/tui/rootkeys"
)

// The root's words made at run time (which draft, created or saved) are out of the
// reach of the catalog's test of the code's ids: every one must have its entry.
func TestRootWordsMadeAtRunTime(t *testing.T) {
	ids := []string{"root.listing.saved", "root.listing.created"}
	for _, part := range []string{"busy", "lost", "kept"} {
		ids = append(ids, "confirm.risk."+part+".open", "confirm.risk."+part+".left")
	}
	for _, id := range ids {
		if i18n.T(id) == id {
			t.Errorf("no entry %s", id)
		}
	}
}

// The root's words that moved to the leaves (tui/keycheck, tui/draftnote, tui/login,
// tui/editing, tui/frame, tui/notice, tui/rootkeys, tui/langswitch, tui/confirm) are
// said in the interface's language, as they were in the root.
func TestMovedRootWordsFollowTheLanguage(t *testing.T) {
	defer i18n.Use(i18n.English)
	i18n.Use(i18n.Ukrainian)
	under := notice.NewUnder()
	force := rootkeys.DefaultModal().Force()
	quit := confirm.QuitQuestion(nil).Footer(confirm.DefaultKeys(), force)
	status := confirm.Status(msgs.RequestStatus{ID: 1, From: "active", To: "inactive"}).Footer(confirm.DefaultKeys(), force)
	for _, c := range []struct{ got, want string }{
		{keycheck.ReadOnly(), "лише читання"},
		{keycheck.CheckOp(), "перевірка ключа"},
		{draftnote.FailingOp(), "зберегти чернетку"},
		{draftnote.Again(), "чернетки знову зберігаються"},
		{draftnote.Count{N: 2}.Notice(), "2 ненадіслані чернетки"},
		{login.Welcome(msgs.LoggedIn{Sandbox: true}), "вхід до пісочниці виконано"},
		{login.Welcome(msgs.LoggedIn{BaseURL: "https://api.example.com"}), "вхід до api.example.com виконано"},
		{editing.Saved(msgs.ListingSaved{ID: 12, Created: true, Status: api.StatusPending}), "оголошення 12 створено"},
		{editing.Saved(msgs.ListingSaved{ID: 12, Status: api.StatusPending}), "стежимо за нею"},
		{frame.Session{Sandbox: true}.Who(), "пісочниця"},
		{frame.Session{}.Who(), "вхід не виконано"},
		{frame.Session{LoggedIn: true}.Who(), "без профілю"},
		{notice.KeyProblems("", []action.Problem{{Text: "x"}}).Op(), "ваші клавіші у файлі конфігурації"},
		{under.GiveUp(), "більше не чекаю"},
		{rootkeys.AboutText("1.2", "/c.yaml", 2), "конфіг /c.yaml · 2 дії на ваших клавішах"},
		{rootkeys.HelpFooter(nil)[0].Help().Desc, "закрити довідку"},
		{force.Help().Desc, i18n.T("action.global.force_quit")},
		{quit[0].Help().Desc + " " + quit[1].Help().Desc, i18n.T("confirm.quit.yes") + " " + i18n.T("confirm.quit.no")},
		{status[0].Help().Desc + " " + status[1].Help().Desc, i18n.T("yes") + " " + i18n.T("no")},
		{langswitch.Saved{Err: errors.New("disk")}.Warning(), "мову не збережено в профілі: disk"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%q lacks %q", c.got, c.want)
		}
	}
	if i18n.T("yes") == "yes" || i18n.T("confirm.quit.no") == "stay" {
		t.Error("the questions' words have no Ukrainian")
	}
}
