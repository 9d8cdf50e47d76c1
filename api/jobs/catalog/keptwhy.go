package catalog

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/listings-tui/listings/api/client/rules"
)

// A refused row's problems are kept in the journal with their Whys' ids and values
// ("whys", beside "problems"), so that a job reloaded after a restart says them in
// the interface's language as the plan in memory did. A journal written before has
// none: its problems are said as their English Reason. The values keep their kind
// (a text, a number, an amount, a Why within); another (a Sayer) is kept as its
// English.

// keptWhy is a Why as the journal keeps it.
type keptWhy struct {
	ID   string    `json:"id,omitempty"`
	Args []keptArg `json:"args,omitempty"`
}

// keptArg is one of a Why's values, by its name: one of S, N, Num or Why.
type keptArg struct {
	Name string   `json:"name"`
	S    *string  `json:"s,omitempty"`
	N    *int64   `json:"n,omitempty"`
	Num  *int64   `json:"num,omitempty"` // a rules.Num
	Why  *keptWhy `json:"why,omitempty"`
}

func keep(w rules.Why) keptWhy {
	k := keptWhy{ID: w.ID}
	for i := 0; i+1 < len(w.Args); i += 2 {
		a := keptArg{Name: fmt.Sprint(w.Args[i])}
		switch v := w.Args[i+1].(type) {
		case string:
			a.S = &v
		case int:
			n := int64(v)
			a.N = &n
		case int64:
			a.N = &v
		case rules.Num:
			n := int64(v)
			a.Num = &n
		case rules.Why:
			kw := keep(v)
			a.Why = &kw
		default:
			s := fmt.Sprint(v)
			a.S = &s
		}
		k.Args = append(k.Args, a)
	}
	return k
}

func (k keptWhy) why() rules.Why {
	if k.ID == "" {
		return rules.Why{}
	}
	var args []any
	for _, a := range k.Args {
		var v any = ""
		switch {
		case a.S != nil:
			v = *a.S
		case a.N != nil:
			v = int(*a.N)
		case a.Num != nil:
			v = rules.Num(*a.Num)
		case a.Why != nil:
			v = a.Why.why()
		}
		args = append(args, a.Name, v)
	}
	return rules.Because(k.ID, args...)
}

// rowJSON is a Row without its methods, for Row's own MarshalJSON.
type rowJSON Row

// keptRow is a Row as the journal writes it: its problems' Whys beside them.
type keptRow struct {
	rowJSON
	Whys []keptWhy `json:"whys,omitempty"`
}

// MarshalJSON writes the row with its problems' Whys ("whys"), one for each problem.
func (r Row) MarshalJSON() ([]byte, error) {
	k := keptRow{rowJSON: rowJSON(r)}
	if slices.ContainsFunc(r.Problems, func(p Problem) bool { return !p.Why.OK() }) {
		k.Whys = make([]keptWhy, len(r.Problems))
		for i, p := range r.Problems {
			k.Whys[i] = keep(p.Why)
		}
	}
	return json.Marshal(k)
}

// UnmarshalJSON reads a row and gives its problems their Whys back, where the
// journal kept them.
func (r *Row) UnmarshalJSON(b []byte) error {
	var k keptRow
	if err := json.Unmarshal(b, &k); err != nil {
		return err
	}
	*r = Row(k.rowJSON)
	for i := range r.Problems {
		if i < len(k.Whys) {
			r.Problems[i].Why = k.Whys[i].why()
		}
	}
	return nil
}
