package media

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// seedFixtures adds every small fixture under testdata to a fuzz corpus.
func seedFixtures(f *testing.F, limit int) {
	names, err := filepath.Glob(filepath.Join("testdata", "*.*"))
	if err != nil {
		f.Fatal(err)
	}
	phones, err := filepath.Glob(filepath.Join("testdata", "phones", "*.*"))
	if err != nil {
		f.Fatal(err)
	}
	names = append(names, phones...)
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			f.Fatal(err)
		}
		if len(b) <= limit {
			f.Add(b)
		}
	}
}

func FuzzSniff(f *testing.F) {
	seedFixtures(f, 1<<20)
	f.Add(ftyp("mif1", "avif", "heic"))
	f.Add(append(ebmlEl(idEBML, ebmlEl(idDocType, []byte("webm"))), 0))
	f.Add([]byte{0x1A, 0x45, 0xDF, 0xA3, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x42, 0x82, 0x84})
	f.Fuzz(func(t *testing.T, b []byte) {
		got := Sniff(b)
		if got.IsPhoto() && got.IsVideo() {
			t.Fatalf("%q is both photo and video", got)
		}
		if len(b) > SniffLen && Sniff(b[:SniffLen]) != got {
			t.Fatal("Sniff looked past SniffLen")
		}
	})
}

func FuzzVideoDuration(f *testing.F) {
	seedFixtures(f, 8<<10)
	isom := ftyp("isom", "isom")
	f.Add(cat(isom, box32("moov", mvhd1(1000, math.MaxUint64-1), box32("mvex", trex(1, 7))), box32("moof", traf(1, 0, 5, 3))))
	f.Add(cat(isom, box64("moov", mvhd0(600, 600))))
	f.Add(cat(webmHeader(), ebmlUnknown(idSegment), ebmlUnknown(idCluster), ebmlEl(idTimecode, []byte{9}), simpleBlock(1, -5)))
	// What parsers do badly on their own: a trun count with nothing per sample (go-mp4
	// builds an entry for each), an element missing from go-mkvparse's table and an
	// empty date (a panic).
	f.Add(cat(isom, box32("moof", box32("traf", box32("tfhd", u32(0), u32(1)), box32("trun", u32(0), u32(math.MaxUint32))))))
	f.Add(cat(webmHeader(), ebmlEl(idSegment, ebmlEl(idInfo, ebmlEl(0x55AE, ebmlEl(idDuration, u32(1)))))))
	f.Add(cat(webmHeader(), ebmlEl(idSegment, ebmlEl(idInfo, ebmlEl(0x4461), ebmlEl(idDuration, u32(1))))))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, f, err := VideoDuration(bytes.NewReader(b), int64(len(b)))
		if err == nil && (d <= 0 || !f.IsVideo()) {
			t.Fatalf("no error but duration %v, format %q", d, f)
		}
		// The codec is read by another walk of the same headers, under the same bounds.
		tr, f, err := ReadVideoTrack(bytes.NewReader(b), int64(len(b)))
		if err == nil && (tr.Codec.ID == "" || !f.IsVideo()) {
			t.Fatalf("no error but track %+v, format %q", tr, f)
		}
	})
}
