package notice

import (
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/tui/action"
)

// No problem, no banner; problems are said together, with the file and what to do.
func TestKeyProblemsSaysWhatIsWrong(t *testing.T) {
	if KeyProblems("config.yaml", nil) != nil {
		t.Fatal("a banner without a problem")
	}
	b := KeyProblems("", []action.Problem{{Text: "no action x.y"}, {Text: "q is two actions' key"}})
	if b == nil || !strings.Contains(b.Op(), "the config file") {
		t.Fatalf("banner %v", b)
	}
	b.Render(time.Now(), 120, 4)
	all := strings.Join(b.Lines(), "\n")
	if !strings.Contains(all, "no action x.y; q is two actions' key") || !strings.Contains(all, "default keys") {
		t.Fatalf("the banner says:\n%s", all)
	}
}
