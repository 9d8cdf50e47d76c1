package api_test

import (
	"testing"

	"github.com/listings-tui/listings/api"
)

func TestCheckMove(t *testing.T) {
	for _, c := range []struct {
		from, to api.Status
		want     api.Move
	}{
		{api.StatusActive, api.StatusInactive, api.MoveAllowed},
		{api.StatusInactive, api.StatusActive, api.MoveAllowed},
		{api.StatusActive, api.StatusActive, api.MoveNoop},
		{api.StatusInactive, api.StatusInactive, api.MoveNoop},
		{api.StatusPending, api.StatusActive, api.MoveRefused},
		{api.StatusBlocked, api.StatusActive, api.MoveRefused},
		{api.StatusSold, api.StatusActive, api.MoveRefused},
		{api.StatusArchived, api.StatusInactive, api.MoveRefused},
		{api.StatusPending, api.StatusInactive, api.MoveRefused},
		{"on_hold", api.StatusActive, api.MoveRefused},
		{api.StatusActive, api.StatusSold, api.MoveRefused},
	} {
		got, why := api.CheckMove(c.from, c.to)
		if got != c.want || (got != api.MoveAllowed) == (why == "") {
			t.Errorf("CheckMove(%s, %s) = %v, %q; want %v", c.from, c.to, got, why, c.want)
		}
	}
}

func TestCheckEdit(t *testing.T) {
	for s, want := range map[api.Status]api.Edit{
		api.StatusActive: api.EditToModeration, api.StatusPending: api.EditRestartsReview,
		api.StatusBlocked: api.EditResubmits, api.StatusInactive: api.EditKeeps,
		api.StatusSold: api.EditRefused, api.StatusArchived: api.EditRefused, "on_hold": api.EditKeeps,
	} {
		got, why := api.CheckEdit(s)
		if got != want || (got == api.EditRefused) == (why == "") {
			t.Errorf("CheckEdit(%s) = %v, %q; want %v", s, got, why, want)
		}
	}
}
