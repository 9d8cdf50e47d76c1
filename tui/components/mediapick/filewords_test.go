package mediapick

import (
	"errors"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/internal/tuitest"
)

// A size over the limit is said in Ukrainian, its numbers as Ukrainian writes them.
func TestFileWordsInUkrainian(t *testing.T) {
	tuitest.InLang(t, i18n.Ukrainian)
	for _, c := range []struct {
		err  *api.FileError
		want string
	}{
		{&api.FileError{Path: "/a/big.jpg", Case: api.FileOverShrunk, Size: 12_000_001, Limit: media.MaxPhotoBytes},
			"big.jpg: навіть після зменшення 12 000 001 байт (12 МБ) — більше за ліміт 12 МБ"},
		{&api.FileError{Path: "/a/IMG.heic", Case: api.FileOverHEIC, Size: 71_300_000, Limit: media.MaxPhotoBytes},
			"IMG.heic: 71,3 МБ — більше за ліміт 12 МБ, а фото HEIC тут не зменшити"},
		{&api.FileError{Path: "/a/clip.mp4", Case: api.FileOverVideo, Size: 55_198_985, Limit: media.MaxVideoBytes},
			"clip.mp4: відео 55 198 985 байтів (55,2 МБ) — більше за ліміт 50 МБ"},
		{&api.FileError{Path: "/a/doc.jpg", Case: api.FileNotPhoto, Seen: media.Format("pdf")},
			"doc.jpg: це не зображення JPG, PNG, WebP чи HEIC (за вмістом це PDF)"},
		{&api.FileError{Path: "/a/x.mov", Case: api.FileNotVideo},
			"x.mov: це не відео MP4, MOV чи WebM (вміст — невідомий формат)"},
		{&api.FileError{Path: "/a/huge.png", Case: api.FileOverDecode, Size: 13_000_000, Limit: media.MaxPhotoBytes, Err: errors.New("40000×40000")},
			"huge.png: 13 000 000 байтів (13 МБ) — більше за ліміт 12 МБ, і тут його не зменшити: 40000×40000"},
	} {
		if got := fileWords(c.err); !strings.HasPrefix(strings.ReplaceAll(got, "\u00a0", " "), c.want) {
			t.Errorf("%s: %q, want %q…", c.err.Case, got, c.want)
		}
	}
}

// Every case has its words in each language, and English's are the check's own.
func TestFileWordsInEveryLanguage(t *testing.T) {
	cases := []*api.FileError{
		{Path: "a.heic", Case: api.FileOverHEIC, Size: 20_000_000, Limit: media.MaxPhotoBytes,
			Detail: "20 MB is over the 12 MB limit, and a HEIC photo cannot be shrunk here; export it as JPEG or at a smaller size"},
		{Path: "a.jpg", Case: api.FileOverShrunk, Size: 900, Limit: 800, Detail: "after shrinking, " + media.OverLimit(900, 800)},
		{Path: "a.mp4", Case: api.FileOverVideo, Size: 2_000_000_000, Limit: media.MaxVideoBytes, Detail: "2 GB is over the 50 MB limit for a video"},
		{Path: "a.png", Case: api.FileOverDecode, Size: 99_000_000, Limit: media.MaxPhotoBytes, Err: errors.New("too big"),
			Detail: "99 MB is over the 12 MB limit, and it cannot be shrunk here: too big"},
		{Path: "a.jpg", Case: api.FileNotPhoto, Detail: "is not a JPG, PNG, WebP or HEIC image (its content is not a known format)"},
		{Path: "a.mov", Case: api.FileNotVideo, Seen: media.Format("gif"), Detail: "is not an MP4, MOV or WebM video (its content is GIF)"},
	}
	for _, l := range []i18n.Lang{i18n.English, i18n.Ukrainian, i18n.Russian} {
		tuitest.InLang(t, l)
		for _, fe := range cases {
			got := fileWords(fe)
			if strings.Contains(got, "pickers.") || strings.Contains(got, "<no value>") {
				t.Errorf("%s: %s has no words: %q", l, fe.Case, got)
			}
			if l == i18n.English && got != fe.Error() {
				t.Errorf("%s: %q, the check says %q", fe.Case, got, fe.Error())
			}
		}
	}
}
