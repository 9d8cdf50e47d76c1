package job

import (
	"time"

	"github.com/listings-tui/listings/api/client/format"
	"github.com/listings-tui/listings/api/client/rules"
)

// A plan's summary, its rows' changes and reasons, and a job's line are rules.Whys
// too: the plan keeps their English (Summary, PlanRow.Change and Skip: --json's and
// the CLI's logs), and a front end says the ids in the interface's language. The
// words are made the first time one is said.
func init() { rules.RegisterLazy(WhyPrefix, jobWords) }

// WhyPrefix begins the ids of the jobs' Whys, bulk's undo's too.
const WhyPrefix = "job."

// Because is the Why of one of the jobs' ids (without WhyPrefix).
func Because(id string, args ...any) rules.Why { return rules.Because(WhyPrefix+id, args...) }

// Described is a job whose line (About) a front end can say in its language.
type Described interface {
	AboutWhy() rules.Why
}

// Requests is a count of requests: English's words in a plan's English, the
// language's in a front end's.
type Requests int

func (r Requests) String() string { return format.EnglishRequests(int(r)) }

// Said is the count in the interface's language.
func (r Requests) Said() string { return format.Requests(int(r)) }

// Wait is how long something takes, said as a wait.
type Wait time.Duration

func (w Wait) String() string { return format.EnglishWait(time.Duration(w)) }

// Said is the wait in the interface's language.
func (w Wait) Said() string { return format.Wait(time.Duration(w)) }

// Counted is a count with its English noun ("3 listings"); a front end says the
// count in the entry's plural forms (the Why's Count), the noun being the entry's.
func Counted(n int, noun string) string { return format.EnglishCount(n, noun) }

func jobWords() map[string]string {
	return map[string]string{
		"job.cost.days":           "{{.Requests}}, more than is left of today's budget: over {{.Days}} days (the rest after Kyiv midnight)",
		"job.cost.about":          "{{.Requests}}, about {{.Wait}} under the key's limit",
		"job.cost.at_once":        "{{.Requests}}, at once within the key's limit",
		"job.moderation.one":      "! 1 active listing goes back to moderation (an edited active listing becomes pending) and is hidden until approved",
		"job.moderation":          "! {{.N}} active listings go back to moderation (an edited active listing becomes pending) and are hidden until approved",
		"job.retry.listing":       "retry of job {{.Job}}: {{.Items}} failed for a reason that may pass now (the budget, the network, a server error): sent again as a new job",
		"job.retry.row":           "retry of job {{.Job}}: {{.Items}} failed for a reason that may pass now (the budget, the network, a server error): sent again as a new job",
		"job.retry.refused":       "{{.N}} refused by the service's rules or gone: not retried (below, with the reasons)",
		"job.retry.left":          "{{.N}} not sent yet: listings jobs resume {{.Job}} carries them out",
		"job.retry.create":        "create again",
		"job.retry.edit":          "edit again",
		"job.retry.status":        "{{.Status}} → {{.NewStatus}}",
		"job.retry.status_to":     "→ {{.NewStatus}}",
		"job.retry.sets":          "sets {{.Fields}}",
		"job.retry.sheet":         "refused by the sheet's rules: {{.Why}}",
		"job.undo.listing":        "undo of job {{.Job}}: {{.Items}} back to what they were before it",
		"job.undo.row":            "undo of job {{.Job}}: {{.Items}} back to what they were before it",
		"job.undo.left":           "{{.N}} left alone: changed since the job, gone, or not to be changed back (below, with the reasons)",
		"job.undo.reads":          "read to plan it: {{.Requests}}",
		"job.undo.blocked":        "a moderator blocked it since the job: see its reason (listings show), edit it to resubmit",
		"job.undo.price":          "changed since the job: the price is {{.Price}}, not {{.Set}} as the job set it",
		"job.undo.fields":         "changed since the job: its {{.Fields}} no longer what the job set",
		"job.undo.not_kept":       "its values before the job were not kept (a journal of an earlier version, or fields the job did not read): nothing to put back",
		"job.undo.pending":        "awaiting moderation: the API cannot deactivate it until a moderator decides; undo again then",
		"job.undo.no_deactivate":  "it cannot be deactivated: {{.Why}}",
		"job.undo.status":         "changed since the job: it is {{.Status}}, not {{.SetStatus}} as the job left it",
		"job.undo.no_way_back":    "it cannot go back to {{.OldStatus}}: {{.Why}}",
		"job.undo.sets_back":      "sets back {{.Fields}}",
		"job.undo.sets_back_lost": "sets back {{.Fields}} (not known before the job, so kept: {{.Lost}})",
		"job.undo.review":         "{{.Change}} (awaiting moderation: its review starts again)",
		"job.undo.price_back":     "{{.From}} → {{.To}}",
		"job.undo.gone":           "the listing is gone",
		"job.undo.move":           "{{.Status}} → {{.OldStatus}}",
		"job.undo.deactivate":     "{{.Status}} → inactive (made by the job: the API cannot delete it)",
		"job.export.what":         "{{.N}} listings to export with their detail",
		"job.export.what_fetched": "{{.N}} listings to export with their detail; {{.Fetched}} fetched already",
		"job.export.details":      "details: {{.Cost}}",
		"job.export.list":         "the list: {{.Cost}} (read)",
		"job.about.import":        "import of {{.File}}: {{.Rows}} to send",
		"job.about.export":        "export of {{.N}} listings with their detail",
	}
}
