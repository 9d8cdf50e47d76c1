package detail

import (
	"context"
	"image"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/tui/termimg"
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
	pic termimg.Image // the photo for the terminal's protocol; zero for half-blocks
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

// fetchImage downloads and decodes the photo and, where the terminal draws pictures,
// encodes it for the preview's box here, off the event loop. A photo that cannot be
// encoded still has its half-blocks.
func fetchImage(f ImageFetcher, url string, seq int, caps termimg.Caps) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), imageTimeout)
		defer cancel()
		img, err := f(ctx, url)
		var pic termimg.Image
		if err == nil {
			pic, _ = termimg.Encode(url, img, caps, previewCols, previewRows)
		}
		return imageMsg{seq: seq, url: url, img: img, pic: pic, err: err}
	}
}

// emit wraps a message for the root in a command.
func emit(msg tea.Msg) tea.Cmd {
	return func() tea.Msg { return msg }
}

func itoa(n int) string { return strconv.Itoa(n) }
