package detail

import (
	"context"
	"image"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
)

// Timeouts of the view's commands. The client has its own per-request timeout; these
// bound retries and a stalled image host.
const (
	loadTimeout  = 45 * time.Second
	imageTimeout = 30 * time.Second
)

// listingMsg answers fetchListing; seq and id say which request it answers.
type listingMsg struct {
	seq, id int
	detail  *api.ListingDetail
	err     error
}

// attrsMsg answers fetchAttrs. It is cached, and re-renders the view when it is for
// the shown listing's category and language, whichever listing asked.
type attrsMsg struct {
	cat   int
	lang  string
	attrs []api.Attribute
	err   error
}

// imageMsg answers fetchImage.
type imageMsg struct {
	seq int
	url string
	img image.Image
	err error
}

func fetchListing(svc Service, id int, lang string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
		defer cancel()
		d, err := svc.GetListing(ctx, id, lang)
		return listingMsg{seq: seq, id: id, detail: d, err: err}
	}
}

func fetchAttrs(svc Service, cat int, lang string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadTimeout)
		defer cancel()
		a, err := svc.Attributes(ctx, cat, lang)
		return attrsMsg{cat: cat, lang: lang, attrs: a, err: err}
	}
}

func fetchImage(f ImageFetcher, url string, seq int) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), imageTimeout)
		defer cancel()
		img, err := f(ctx, url)
		return imageMsg{seq: seq, url: url, img: img, err: err}
	}
}

// emit wraps a message for the root in a command.
func emit(msg tea.Msg) tea.Cmd {
	return func() tea.Msg { return msg }
}

func itoa(n int) string { return strconv.Itoa(n) }
