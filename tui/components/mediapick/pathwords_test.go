package mediapick

import (
	"io"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
	"github.com/listings-tui/listings/tui/termimg"
)

// Every path's case (ids built at run time) has its words in each language, and
// English's are the error's own.
func TestPathWordsInEveryLanguage(t *testing.T) {
	tuitest.WhysHaveWords(t, "pickers.why.", "path.", 14, "Path", "car-*.jpg", "Glob", "shots/*.jpg", "Kind", rules.Because("path.kind.pipe"),
		"N", 120, "Count", 120, "Max", media.MaxPhotos, "Err", "permission denied")
}

// A typed path that names no photo is said in Ukrainian.
func TestPathWordsInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	dir := t.TempDir()
	for typed, want := range map[string]string{"nothing-*.jpg": "під nothing-*.jpg не підходить жоден файл",
		"gone.jpg": "gone.jpg: такого файлу чи теки немає; перевірте шлях"} {
		if _, err := resolveFiles(typed, dir); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", typed, err, want)
		}
	}
	if _, _, err := resolveFolder("frames", dir); err == nil || !strings.Contains(err.Error(), "такого файлу чи теки немає") {
		t.Errorf("a folder of frames that is not there: %v", err)
	}
}

// Why a photo has no preview is said in each language, English as the decoder says
// it; the decoder's own detail stays as it gives it.
func TestDecodeWordsInEveryLanguage(t *testing.T) {
	cases := []*termimg.DecodeError{{Case: termimg.DecodeNotImage},
		{Case: termimg.DecodeTooBig, Width: 7000, Height: 7000, Kind: "a progressive JPEG", Cost: 1_200_000_000, Limit: media.MaxDecodeBytes},
		{Case: termimg.DecodeUnread, Err: io.ErrUnexpectedEOF}, {Case: termimg.DecodeBroken, Format: media.PNG, Err: io.ErrUnexpectedEOF},
		{Case: termimg.DecodePanic, Err: io.ErrUnexpectedEOF}}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		tuitest.InLang(t, l)
		for _, de := range cases {
			got := decodeWords(de)
			if strings.Contains(got, "pickers.") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s has no words: %q", l, de.Case, got)
			}
			if l == i18n.English && got != de.Error() {
				t.Errorf("%s: %q, the decoder says %q", de.Case, got, de.Error())
			}
			if l != i18n.English && strings.Contains(got, "photo") {
				t.Errorf("%s: %s in English: %q", l, de.Case, got)
			}
		}
	}
	tuitest.InLang(t, i18n.Ukrainian)
	if _, err := termimg.Decode([]byte("not a picture"), media.MaxDecodeBytes); decodeWords(err) != "не зображення JPEG, PNG чи WebP" {
		t.Errorf("a text file: %q", decodeWords(err))
	}
}
