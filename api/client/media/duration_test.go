package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/remko/go-mkvparse"
)

// Matroska IDs the synthetic files are built from.
const (
	idEBML            = uint64(mkvparse.EBMLElement)
	idSegment         = uint64(mkvparse.SegmentElement)
	idTimecodeScale   = uint64(mkvparse.TimecodeScaleElement)
	idDuration        = uint64(mkvparse.DurationElement)
	idTrackEntry      = uint64(mkvparse.TrackEntryElement)
	idTrackNumber     = uint64(mkvparse.TrackNumberElement)
	idDefaultDuration = uint64(mkvparse.DefaultDurationElement)
)

func u32(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

// box64 builds a box with the 64-bit "largesize" header.
func box64(typ string, payload ...[]byte) []byte {
	body := bytes.Join(payload, nil)
	out := append(u32(1), typ...)
	return append(append(out, u64(uint64(16+len(body)))...), body...)
}

// mvhd0 and mvhd1 build movie headers (version 0 and 1) with the given times.
func mvhd0(scale, dur uint32) []byte {
	return box32("mvhd", u32(0), u32(0), u32(0), u32(scale), u32(dur), make([]byte, 80))
}

func mvhd1(scale uint32, dur uint64) []byte {
	return box32("mvhd", u32(1<<24), u64(0), u64(0), u32(scale), u64(dur), make([]byte, 80))
}

// trak builds a track with an id and a media header.
func trak(id, scale, dur uint32) []byte {
	tkhd := box32("tkhd", u32(0), u32(0), u32(0), u32(id), make([]byte, 68))
	mdhd := box32("mdhd", u32(0), u32(0), u32(0), u32(scale), u32(dur), u32(0))
	return box32("trak", tkhd, box32("mdia", mdhd))
}

func trex(id, dur uint32) []byte {
	return box32("trex", u32(0), u32(id), u32(1), u32(dur), u32(0), u32(0))
}

// traf builds a track fragment: tfhd (with a default duration when def > 0), an
// optional tfdt, and a trun listing durs (or count samples with default durations).
func traf(id, def uint32, base int64, count uint32, durs ...uint32) []byte {
	tfhd := box32("tfhd", u32(0x020000), u32(id))
	if def > 0 {
		tfhd = box32("tfhd", u32(0x020008), u32(id), u32(def))
	}
	var trun []byte
	if len(durs) > 0 {
		body := [][]byte{u32(0x000301), u32(uint32(len(durs))), u32(0)}
		for _, d := range durs {
			body = append(body, u32(d), u32(100))
		}
		trun = box32("trun", body...)
	} else {
		trun = box32("trun", u32(0x000200), u32(count), bytes.Repeat(u32(100), int(count)))
	}
	parts := [][]byte{tfhd}
	if base >= 0 {
		parts = append(parts, box32("tfdt", u32(1<<24), u64(uint64(base))))
	}
	return box32("traf", append(parts, trun)...)
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// ebmlEl builds an EBML element with an 8-byte size field.
func ebmlEl(id uint64, payload ...[]byte) []byte {
	body := bytes.Join(payload, nil)
	return append(append(ebmlID(id), u64(1<<56|uint64(len(body)))...), body...)
}

// ebmlUnknown starts an element of unknown size; its children simply follow it.
func ebmlUnknown(id uint64) []byte {
	return append(ebmlID(id), 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF)
}

func ebmlID(id uint64) []byte {
	b := u32(uint32(id))
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

func webmHeader() []byte {
	return ebmlEl(idEBML, ebmlEl(0x4286, []byte{1}), ebmlEl(idDocType, []byte("webm")))
}

func simpleBlock(track byte, rel int16) []byte {
	return ebmlEl(idSimpleBlock, []byte{0x80 | track}, binary.BigEndian.AppendUint16(nil, uint16(rel)), []byte{0x80, 1, 2, 3})
}

func TestVideoDurationFixtures(t *testing.T) {
	cases := map[string]struct {
		f Format
		d time.Duration
	}{
		"clip5s.mp4":      {MP4, 5 * time.Second},
		"clip61s.mp4":     {MP4, 61 * time.Second},
		"clip5s-hevc.mp4": {MP4, 5 * time.Second},
		"clip5s.mov":      {MOV, 5 * time.Second},
		"clip61s.mov":     {MOV, 61 * time.Second},
		"clip5s.webm":     {WebM, 5 * time.Second},
		"clip61s.webm":    {WebM, 61 * time.Second},
		"frag5s.mp4":      {MP4, 5 * time.Second},
		"frag61s.mp4":     {MP4, 61 * time.Second},
		"live5s.webm":     {WebM, 5 * time.Second},
	}
	for name, want := range cases {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			d, f, err := VideoDuration(bytes.NewReader(b), int64(len(b)))
			if err != nil || f != want.f || d.Round(10*time.Millisecond) != want.d {
				t.Errorf("got %v %q %v, want %v %q", d, f, err, want.d, want.f)
			}
		})
	}
}

func TestVideoDurationSynthetic(t *testing.T) {
	isom := ftyp("isom", "isom", "mp41")
	mdat := box32("mdat", make([]byte, 64))
	webm := webmHeader()
	scale := ebmlEl(idTimecodeScale, []byte{0x0F, 0x42, 0x40}) // 1 ms
	cases := []struct {
		name string
		file []byte
		want time.Duration
		err  error
	}{
		{"moov first, mvhd v0", cat(isom, box32("moov", mvhd0(600, 4500)), mdat), 7500 * time.Millisecond, nil},
		{"mvhd v1, 64-bit mdat", cat(isom, box64("mdat", make([]byte, 40)), box32("moov", mvhd1(90000, 90000*42))), 42 * time.Second, nil},
		{"size-0 moov runs to the end", cat(isom, mdat, u32(0), []byte("moov"), mvhd0(1000, 1234)), 1234 * time.Millisecond, nil},
		{"unknown mvhd falls back to mdhd", cat(isom, box32("moov", mvhd0(1000, math.MaxUint32), trak(1, 48000, 48000*3))), 3 * time.Second, nil},
		{"mehd v1", cat(isom, box32("moov", mvhd0(1000, 0), box32("mvex", box32("mehd", u32(1<<24), u64(12_500)), trex(1, 0)))), 12500 * time.Millisecond, nil},
		{"fragments with trex default", cat(isom,
			box32("moov", mvhd0(1000, 0), trak(1, 90000, 0), box32("mvex", trex(1, 3000))),
			box32("moof", traf(1, 0, -1, 30)), box32("moof", traf(1, 0, -1, 30))), 2 * time.Second, nil},
		{"fragments with tfhd default and tfdt", cat(isom,
			box32("moov", mvhd0(1000, 0), trak(1, 1000, 0), trak(2, 100, 0), box32("mvex", trex(1, 1), trex(2, 1))),
			box32("moof", traf(1, 500, 0, 4)), box32("moof", traf(2, 0, 700, 0, 100, 200)), box32("moof", traf(1, 500, 2000, 4))), 10 * time.Second, nil},
		{"short init segment cannot hide fragments", cat(isom,
			box32("moov", mvhd0(1000, 1000), trak(1, 1000, 1000), box32("mvex", trex(1, 1000))),
			box32("moof", traf(1, 0, -1, 90))), 90 * time.Second, nil},
		{"old quicktime without ftyp", cat(box32("wide"), mdat, box32("moov", mvhd0(600, 600*9))), 9 * time.Second, nil},
		{"no moov", cat(isom, mdat), 0, ErrNoDuration},
		{"zero timescale", cat(isom, box32("moov", mvhd0(0, 5000))), 0, ErrNoDuration},
		{"huge trun count is cut to the box", cat(isom, box32("moov", mvhd0(1000, 0), trak(1, 1000, 0)),
			box32("moof", box32("traf", box32("tfhd", u32(0), u32(1)), box32("trun", u32(0x100), u32(math.MaxUint32), u32(1500))))), 1500 * time.Millisecond, nil},
		{"webm duration float32", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, scale, ebmlEl(idDuration, u32(math.Float32bits(5000)))))), 5 * time.Second, nil},
		{"webm duration float64 before scale", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, ebmlEl(idDuration, u64(math.Float64bits(500))), ebmlEl(idTimecodeScale, []byte{0x98, 0x96, 0x80})))), 5 * time.Second, nil},
		{"webm live, unknown sizes", cat(webm, ebmlUnknown(idSegment), ebmlEl(idInfo, scale),
			ebmlEl(idTracks, ebmlEl(idTrackEntry, ebmlEl(idTrackNumber, []byte{1}), ebmlEl(idDefaultDuration, u32(40_000_000)))),
			ebmlUnknown(idCluster), ebmlEl(idTimecode, []byte{0}), simpleBlock(1, 0), simpleBlock(1, 40), simpleBlock(2, 50),
			ebmlUnknown(idCluster), ebmlEl(idTimecode, u32(10_000)), simpleBlock(1, 0), simpleBlock(1, 960), simpleBlock(2, -30)),
			11 * time.Second, nil},
		{"webm block group duration", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, scale),
			ebmlEl(idCluster, ebmlEl(idTimecode, u32(2000)), ebmlEl(idBlockGroup, ebmlEl(idBlock, []byte{0x81, 0x01, 0xF4, 0}), ebmlEl(idBlockDuration, []byte{0x01, 0xF4}))))),
			3 * time.Second, nil},
		{"webm without blocks", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, scale))), 0, ErrNoDuration},
		{"matroska", cat(ebmlEl(idEBML, ebmlEl(idDocType, []byte("matroska"))), ebmlEl(idSegment)), 0, ErrNotVideo},
		{"jpeg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, 0, ErrNotVideo},
		{"empty", nil, 0, ErrNotVideo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, _, err := VideoDuration(bytes.NewReader(c.file), int64(len(c.file)))
			if !errors.Is(err, c.err) || d != c.want {
				t.Errorf("got %v, %v; want %v, %v", d, err, c.want, c.err)
			}
		})
	}
}

// TestVideoDurationParserPitfalls covers what the two parsers do badly on their own:
// each case would give a wrong duration, a panic or an unbounded allocation without
// the guards around them.
func TestVideoDurationParserPitfalls(t *testing.T) {
	isom := ftyp("isom", "isom")
	// 10 samples of 100 ticks at 1000 ticks/s: one second.
	second := func() []byte { return traf(1, 0, -1, 10) }
	damaged := append(second(), append(u32(0xFFFF), "free"...)...) // a child larger than its traf
	binary.BigEndian.PutUint32(damaged, uint32(len(damaged)))
	fragInit := box32("moov", mvhd0(1000, 0), trak(1, 1000, 0), box32("mvex", trex(1, 100)))

	webm := webmHeader()
	scale := ebmlEl(idTimecodeScale, []byte{0x0F, 0x42, 0x40}) // 1 ms
	cluster := ebmlEl(idCluster, ebmlEl(idTimecode, u32(2000)), ebmlEl(idBlockGroup, ebmlEl(idBlock, []byte{0x81, 0, 0, 0}), ebmlEl(idBlockDuration, []byte{0x01, 0xF4})))
	duration := ebmlEl(idDuration, u32(math.Float32bits(3000)))
	// 0x55AE (FlagOriginal) is newer than go-mkvparse's element table; it would read
	// this one's payload as a Duration of 99.999 s.
	unknown := ebmlEl(0x55AE, ebmlEl(idDuration, u32(math.Float32bits(99999))))
	emptyDate := ebmlEl(0x4461) // an empty signed value makes go-mkvparse index past it
	cases := []struct {
		name string
		file []byte
		want time.Duration
		err  error
	}{
		{"trun count with no per-sample fields", cat(isom, fragInit,
			box32("moof", box32("traf", box32("tfhd", u32(0), u32(1)), box32("trun", u32(0), u32(math.MaxUint32))))),
			ticksToDuration(math.MaxUint32*100, 1000), nil},
		{"a damaged fragment does not hide the next", cat(isom, fragInit, box32("moof", damaged), box32("moof", second())), 2 * time.Second, nil},
		{"unknown webm element: blocks, not a misread Duration", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, scale, unknown, duration), cluster)), 2500 * time.Millisecond, nil},
		{"unknown webm element after Duration", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, scale, duration, unknown), cluster)), 3 * time.Second, nil},
		{"go-mkvparse panics, blocks still read", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, emptyDate, duration), cluster)), 2500 * time.Millisecond, nil},
		{"go-mkvparse panics, nothing else", cat(webm, ebmlEl(idSegment, ebmlEl(idInfo, emptyDate, duration))), 0, ErrNoDuration},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, _, err := VideoDuration(bytes.NewReader(c.file), int64(len(c.file)))
			if !errors.Is(err, c.err) || d != c.want {
				t.Errorf("got %v, %v; want %v, %v", d, err, c.want, c.err)
			}
		})
	}
}

func TestVideoDurationTruncated(t *testing.T) {
	for _, name := range []string{"clip5s.webm", "clip5s.mp4", "frag5s.mp4"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		// A size larger than the bytes behind the ReaderAt must fail, not hang or panic.
		for _, n := range []int{100, len(b) - 1} {
			_, _, err := VideoDuration(bytes.NewReader(b[:n]), int64(len(b)))
			if err == nil || errors.Is(err, ErrNoDuration) {
				t.Errorf("%s cut to %d bytes: got %v, want a read error", name, n, err)
			}
		}
	}
	if _, _, err := VideoDuration(bytes.NewReader(nil), -1); err == nil {
		t.Error("want an error for a negative size")
	}
}

func TestTicksToDuration(t *testing.T) {
	cases := []struct {
		ticks, scale uint64
		want         time.Duration
	}{
		{90000 * 61, 90000, 61 * time.Second},
		{1, 3, 333333333},
		{math.MaxUint64, 1, time.Duration(math.MaxInt64)},
		{math.MaxUint64 - 1, math.MaxUint64, 999999999},
		{5, 0, 0},
	}
	for _, c := range cases {
		if got := ticksToDuration(c.ticks, c.scale); got != c.want {
			t.Errorf("ticksToDuration(%d, %d) = %v, want %v", c.ticks, c.scale, got, c.want)
		}
	}
}

func BenchmarkVideoDuration(b *testing.B) {
	for _, name := range []string{"clip61s.mp4", "frag61s.mp4", "clip61s.webm", "live5s.webm"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			r := bytes.NewReader(data)
			for b.Loop() {
				if _, _, err := VideoDuration(r, int64(len(data))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A file whose top-level box claims more than the file holds is refused, saying which
// box claims what: a moov of 0xFFFFFFFF bytes in a file of 140, an mdat of 49 MB in a
// file of 1 KB (go-mp4 read them as far as they went and found a duration).
func TestMP4BoxesClaimingMoreThanTheFile(t *testing.T) {
	ftyp := box32("ftyp", []byte("isom"), u32(0x200), []byte("isomiso2avc1mp41"))
	moov := box32("moov", mvhd0(1000, 5000))
	lying := func(b []byte, size uint32) []byte {
		b = bytes.Clone(b)
		binary.BigEndian.PutUint32(b, size)
		return b
	}
	for name, file := range map[string][]byte{
		"moov of 4 GB":  cat(ftyp, lying(moov, 0xFFFFFFFF)),
		"mdat of 49 MB": cat(ftyp, moov, lying(box32("mdat", make([]byte, 1024)), 49<<20)),
		"64-bit moov":   cat(ftyp, lying(box64("moov", mvhd0(1000, 5000)), 1)[:8], u64(1<<40), mvhd0(1000, 5000)),
	} {
		_, _, err := VideoDuration(bytes.NewReader(file), int64(len(file)))
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte("cut short or damaged")) {
			t.Errorf("%s: %v", name, err)
		}
	}
	whole := cat(ftyp, moov, box32("mdat", make([]byte, 64)))
	if d, _, err := VideoDuration(bytes.NewReader(whole), int64(len(whole))); err != nil || d != 5*time.Second {
		t.Errorf("a whole file: %v %v", d, err)
	}
}
