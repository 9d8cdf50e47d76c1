package media

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// ftyp builds an ftyp box with a major brand and compatible brands.
func ftyp(major string, compat ...string) []byte {
	body := append([]byte(major), 0, 0, 0, 0)
	for _, c := range compat {
		body = append(body, c...)
	}
	return box32("ftyp", body)
}

// box32 builds an ISO-BMFF box with a 32-bit size.
func box32(typ string, payload ...[]byte) []byte {
	body := bytes.Join(payload, nil)
	out := binary.BigEndian.AppendUint32(nil, uint32(8+len(body)))
	return append(append(out, typ...), body...)
}

func TestSniff(t *testing.T) {
	ebml := func(doc string) []byte {
		return append(ebmlEl(idEBML, ebmlEl(0x4286, []byte{1}), ebmlEl(idDocType, []byte(doc))), 0x18, 0x53)
	}
	cases := []struct {
		name string
		head []byte
		want Format
	}{
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10}, JPEG},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), PNG},
		{"gif", []byte("GIF89a\x01\x00"), GIF},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 "), WebP},
		{"riff wave is not webp", []byte("RIFF\x24\x00\x00\x00WAVEfmt "), Unknown},
		{"heic major", ftyp("heic", "mif1", "heic"), HEIC},
		{"heix major", ftyp("heix", "mif1"), HEIC},
		{"mif1 major with heic compat", ftyp("mif1", "mif1", "heic"), HEIC},
		{"msf1 major alone", ftyp("msf1", "msf1"), HEIC},
		{"hevc sequence", ftyp("hevc", "msf1"), HEIC},
		{"avif is not heic", ftyp("avif", "avif", "mif1", "miaf"), AVIF},
		{"mif1 with avif compat", ftyp("mif1", "avif", "miaf"), AVIF},
		{"mp4 isom", ftyp("isom", "isom", "iso2", "avc1", "mp41"), MP4},
		{"mp4 mp42", ftyp("mp42", "mp42", "isom"), MP4},
		{"m4v", ftyp("M4V ", "M4V ", "mp42"), MP4},
		{"dash", ftyp("dash", "iso6"), MP4},
		{"unknown major, mp4 compat", ftyp("abcd", "isom"), MP4},
		{"quicktime brand", ftyp("qt  ", "qt  "), MOV},
		{"m4a audio", ftyp("M4A ", "M4A "), Unknown},
		{"old quicktime moov", box32("moov", make([]byte, 8)), MOV},
		{"old quicktime mdat", box32("mdat", make([]byte, 8)), MOV},
		{"old quicktime wide", box32("wide"), MOV},
		{"webm", ebml("webm"), WebM},
		{"matroska is not webm", ebml("matroska"), Matroska},
		{"other ebml", ebml("foo"), Unknown},
		{"bmp", append([]byte("BM\x46\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00"), make([]byte, 8)...), BMP},
		{"tiff", []byte("II*\x00\x08\x00\x00\x00"), TIFF},
		{"empty", nil, Unknown},
		{"text", []byte("hello, world"), Unknown},
		{"short ftyp", []byte("\x00\x00\x00\x08ftyp"), Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Sniff(c.head); got != c.want {
				t.Errorf("Sniff = %q, want %q", got, c.want)
			}
		})
	}
}

func TestSniffFixtures(t *testing.T) {
	want := map[string]Format{
		"clip5s.mp4": MP4, "clip5s-hevc.mp4": MP4, "clip5s.mov": MOV, "clip5s.webm": WebM,
		"frag5s.mp4": MP4, "live5s.webm": WebM, "photo.heic": HEIC,
	}
	for name, f := range want {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if got := Sniff(b); got != f {
			t.Errorf("%s: Sniff = %q, want %q", name, got, f)
		}
	}
}

func TestFormatKinds(t *testing.T) {
	photos := map[Format]bool{JPEG: true, PNG: true, WebP: true, HEIC: true}
	videos := map[Format]bool{MP4: true, MOV: true, WebM: true}
	for _, f := range []Format{Unknown, JPEG, PNG, WebP, HEIC, GIF, MP4, MOV, WebM, AVIF, Matroska, BMP, TIFF} {
		if f.IsPhoto() != photos[f] || f.IsVideo() != videos[f] {
			t.Errorf("%s: IsPhoto %v IsVideo %v", f, f.IsPhoto(), f.IsVideo())
		}
	}
	if Unknown.String() != "unknown" || GIF.String() != "gif" {
		t.Errorf("String: %q %q", Unknown.String(), GIF.String())
	}
}

func BenchmarkSniff(b *testing.B) {
	heads := [][]byte{
		{0xFF, 0xD8, 0xFF, 0xE1},
		ftyp("mif1", "mif1", "heic", "miaf"),
		ftyp("isom", "isom", "iso2", "avc1", "mp41"),
		append(ebmlEl(idEBML, ebmlEl(0x4286, []byte{1}), ebmlEl(idDocType, []byte("webm"))), 0x18),
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if Sniff(heads[i%len(heads)]) == Unknown {
			b.Fatal("unknown")
		}
	}
}
