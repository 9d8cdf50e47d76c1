//go:build perf

// Command minimal is the yardstick of the app's start (docs/performance.md, "Start"):
// the least a Bubble Tea v1 program does to show the first page of the account's
// listings. Init asks for one page of /api/v1/my/listings (the same query the app's
// first page is), and View shows its titles. It is built only with -tags perf, never
// into the app:
//
//	go build -tags perf -o /tmp/minimal ./docs/perf/minimal
//
// LISTINGS_BASE_URL and LISTINGS_API_KEY say where and with which key, as for the app.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// page is the part of a list answer the program shows.
type page struct {
	Listings []struct {
		ID    int    `json:"id"`
		Title string `json:"title"`
	} `json:"listings"`
}

type model struct {
	base, key string
	page      *page
	err       error
	w, h      int
}

type pageMsg struct {
	page *page
	err  error
}

// fetch asks for the first page as the app's browser does: active listings, 100 of
// them, the table's fields, in Ukrainian.
func fetch(base, key string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		q := url.Values{"status": {"active"}, "limit": {"100"}, "lang": {"uk"},
			"fields": {"id,title,price,currency,status,city,views,vip,top,created_at,url"}}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet,
			strings.TrimRight(base, "/")+"/api/v1/my/listings?"+q.Encode(), nil)
		if err != nil {
			return pageMsg{err: err}
		}
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return pageMsg{err: err}
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return pageMsg{err: fmt.Errorf("%s", resp.Status)}
		}
		var p page
		if err := json.NewDecoder(resp.Body).Decode(&p); err != nil {
			return pageMsg{err: err}
		}
		return pageMsg{page: &p}
	}
}

func (m model) Init() tea.Cmd { return fetch(m.base, m.key) }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case pageMsg:
		m.page, m.err = msg.page, msg.err
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case tea.KeyMsg:
		if msg.String() == "q" || msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m model) View() string {
	switch {
	case m.err != nil:
		return "error: " + m.err.Error()
	case m.page == nil:
		return "loading…"
	}
	var b strings.Builder
	for i, l := range m.page.Listings {
		if m.h > 0 && i >= m.h-1 {
			break
		}
		fmt.Fprintf(&b, "%8d  %s\n", l.ID, l.Title)
	}
	return b.String()
}

func main() {
	m := model{base: os.Getenv("LISTINGS_BASE_URL"), key: os.Getenv("LISTINGS_API_KEY")}
	if _, err := tea.NewProgram(m, tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
