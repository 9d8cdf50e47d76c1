package catalog

import (
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Retry plans a new import of this one's rows that failed for a reason that may
// pass now (the budget, the network, a server error), with the sheet's columns and
// each row as planned. Their files uploaded by this job are not uploaded again; a
// create whose request may have made its listing before its error (a server error,
// not a 429) starts in doubt, so that the listing is looked for before it is created
// again. The rows the sheet's rules or the service refused are named, not retried.
func (j *Journal) Retry(b api.Budget, now time.Time) (*job.Plan, error) {
	p := &job.Plan{Of: j.Head.Job, How: "retry"}
	h := *j.Head
	h.Info = job.Info{Kind: Kind, Retries: j.Head.Job}
	h.Rows = nil
	doubt := map[int]int64{} // the creates to look for first, and when they were sent
	left := 0
	for _, r := range j.Head.Rows {
		o := j.Outcome(r.Line)
		switch {
		case r.Action == Refused:
			row := job.Skipped(job.Because("retry.sheet", "Why", problemWhy(r)))
			row.Row, row.Title = r.Line, r.Title
			p.Rows = append(p.Rows, row)
		case r.Action != Create && r.Action != Edit:
		case o.State == Failed && o.Again:
			h.Rows = append(h.Rows, j.withUploads(r))
			row := job.Changed(job.Because("retry." + string(r.Action)))
			row.Row, row.Title, row.ToModeration = r.Line, r.Title, r.ToModeration
			p.Rows = append(p.Rows, row)
			if r.Action == Create && mayHaveMade(o) {
				doubt[r.Line] = o.SentAt
			}
		case o.State == Failed:
			p.Rows = append(p.Rows, job.PlanRow{Row: r.Line, Title: r.Title, Skip: strings.TrimSpace(strings.TrimSpace(o.Field+" "+o.Code) + ": " + o.Hint)})
		case o.State != Done:
			left++
		}
	}
	p.Retried("row", left)
	p.Estimate(b, now)
	p.Begin = func(dir, baseURL string, now time.Time) (job.Job, error) {
		h.BaseURL, h.Created = baseURL, now
		nj, err := NewJob(dir, h, now)
		if err != nil {
			return nil, err
		}
		for _, line := range slices.Sorted(maps.Keys(doubt)) {
			if err := nj.Record(job.Event{Row: line, Ev: "send", At: doubt[line]}); err != nil {
				nj.Close()
				return nil, err
			}
		}
		return nj, nil
	}
	return p, nil
}

// withUploads is r with the files this job uploaded for it as their URLs, so that a
// retry sends them as they are.
func (j *Journal) withUploads(r Row) Row {
	media := map[string][]Medium{}
	for kind, ms := range r.Media {
		out := slices.Clone(ms)
		for i := range out {
			if m, ok := j.medium(r.Line, kind, i); ok && out[i].URL == "" {
				out[i] = m
			}
		}
		media[kind] = out
	}
	if r.Media != nil {
		r.Media = media
	}
	return r
}

// mayHaveMade says whether a create that failed so may have made its listing: not
// when a 429 refused it or one of its files failed before it was sent.
func mayHaveMade(o job.Outcome) bool {
	switch {
	case o.Code == api.CodeRateLimitExceeded, o.Code == api.CodeDailyLimitExceeded:
		return false
	case o.Field == KindPhoto, o.Field == KindVideo, o.Field == Kind3D:
		return false
	}
	return true
}

// problemWhy is problemText as a Why: a row read from a journal keeps its problems
// English only, said as they are.
func problemWhy(r Row) rules.Why { return because("error", "Err", problemText(r)) }

// problemText is a refused row's first problem, and how many more.
func problemText(r Row) string {
	if len(r.Problems) == 0 {
		return MoreProblems(r.MoreProblems)
	}
	s := r.Problems[0].Column + ": " + r.Problems[0].Reason
	if n := len(r.Problems) - 1 + r.MoreProblems; n > 0 {
		s += "; " + MoreProblems(n)
	}
	return s
}
