package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/listings-tui/listings/internal/testrace"
)

// videoTrak builds a track with a version v track header (the matrix m, 64x48), a
// media header, a handler and one sample entry of type entry.
func videoTrak(v uint8, id uint32, handler, entry string, m [9]int32) []byte {
	w := 4 << v
	tkhd := cat(u32(uint32(v)<<24|3), make([]byte, 2*w), u32(id), u32(0), make([]byte, w), make([]byte, 16))
	for _, x := range m {
		tkhd = append(tkhd, u32(uint32(x))...)
	}
	tkhd = cat(tkhd, u32(64<<16), u32(48<<16))
	hdlr := box32("hdlr", u32(0), u32(0), []byte(handler), make([]byte, 13))
	stsd := box32("stsd", u32(0), u32(1), box32(entry, make([]byte, 78)))
	mdhd := box32("mdhd", u32(0), u32(0), u32(0), u32(1000), u32(4000), u32(0))
	minf := box32("minf", box32("vmhd", u32(1), make([]byte, 8)), box32("stbl", stsd))
	return box32("trak", box32("tkhd", tkhd), box32("mdia", mdhd, hdlr, minf))
}

// craftedMP4s are files made to reach the corners of the box reader: every header
// layout, version 1 boxes, fragments, and damage that must cost only its own box.
func craftedMP4s() map[string][]byte {
	const one = 1 << 16
	isom := ftyp("isom", "isom", "mp41")
	turned := [9]int32{0, one, 0, -one, 0, 0, 0, 0, 1 << 30}
	upright := [9]int32{one, 0, 0, 0, one, 0, 0, 0, 1 << 30}
	soun := videoTrak(0, 1, "soun", "mp4a", upright)
	frag := box32("moov", mvhd0(1000, 0), trak(1, 1000, 0), box32("mvex", trex(1, 100)))
	damaged := append(traf(1, 0, -1, 10), append(u32(0xFFFF), "free"...)...)
	binary.BigEndian.PutUint32(damaged, uint32(len(damaged)))
	uuid := box32("uuid", bytes.Repeat([]byte{7}, 20))
	tfhdAll := box32("traf", box32("tfhd", u32(0x3B), u32(1), u64(9), u32(1), u32(250), u32(9), u32(9)),
		box32("trun", u32(0), u32(8)))
	return map[string][]byte{
		"v1 headers, turned":      cat(isom, box32("moov", mvhd1(90000, 90000*42), videoTrak(1, 1, "vide", "hvc1", turned))),
		"audio before video":      cat(isom, box32("moov", mvhd0(600, 600), soun, videoTrak(0, 2, "vide", "avc1", upright))),
		"64-bit sizes":            cat(isom, box64("moov", box64("mvhd", u32(0), u32(0), u32(0), u32(600), u32(1200), make([]byte, 80)))),
		"size 0 runs to the end":  cat(isom, u32(0), []byte("moov"), mvhd0(1000, 1234), videoTrak(0, 1, "vide", "vp09", upright)),
		"uuid boxes":              cat(isom, uuid, box32("moov", uuid, mvhd0(1000, 700))),
		"trailing bytes in moov":  cat(isom, box32("moov", mvhd0(1000, 700), u32(0))),
		"unknown mvhd duration":   cat(isom, box32("moov", mvhd0(1000, math.MaxUint32), trak(1, 48000, 48000*3))),
		"mvhd version 2":          cat(isom, box32("moov", box32("mvhd", u32(2<<24), make([]byte, 108)), trak(1, 100, 300))),
		"mvhd too short":          cat(isom, box32("moov", box32("mvhd", u32(0), make([]byte, 40)), trak(1, 100, 300))),
		"mehd":                    cat(isom, box32("moov", mvhd0(1000, 0), box32("mvex", box32("mehd", u32(1<<24), u64(12_500)), trex(1, 0)))),
		"fragments":               cat(isom, frag, box32("moof", traf(1, 0, -1, 30)), box32("moof", traf(1, 50, 9000, 0, 7, 8, 9))),
		"tfhd with every field":   cat(isom, frag, box32("moof", tfhdAll)),
		"damaged fragment":        cat(isom, frag, box32("moof", damaged), box32("moof", traf(1, 0, -1, 10))),
		"child past its parent":   cat(isom, box32("moov", mvhd0(1000, 700), append(u32(400), "trak"...))),
		"child smaller than head": cat(isom, box32("moov", u32(4), []byte("free"), mvhd0(1000, 700))),
		"largesize of 0 in moov":  cat(isom, box32("moov", u32(1), []byte("free"), u64(0), mvhd0(1000, 700))),
		"stsd without an entry": cat(isom, box32("moov", mvhd0(1000, 700), box32("trak", box32("mdia",
			box32("hdlr", u32(0), u32(0), []byte("vide")), box32("minf", box32("stbl", box32("stsd", u32(0), u32(0)))))))),
		"old quicktime, no ftyp":   cat(box32("wide"), box32("mdat", make([]byte, 64)), box32("moov", mvhd0(600, 600*9))),
		"huge trun count, no durs": cat(isom, frag, box32("moof", box32("traf", box32("tfhd", u32(0), u32(1)), box32("trun", u32(0), u32(math.MaxUint32))))),
	}
}

// mp4Files are the MP4 and MOV fixtures under testdata and the crafted files.
func mp4Files(t testing.TB) map[string][]byte {
	files := craftedMP4s()
	for _, glob := range []string{"*.mp4", "*.mov", "phones/*.mp4", "phones/*.mov"} {
		names, err := filepath.Glob(filepath.Join("testdata", glob))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			files[n] = b
		}
	}
	return files
}

// TestMP4AgainstGoMP4 checks the box reader against go-mp4 (see refMP4) on every MP4
// and MOV fixture and on files crafted for its corners: the same duration, codec, size
// and rotation.
func TestMP4AgainstGoMP4(t *testing.T) {
	files := mp4Files(t)
	if len(files) < len(craftedMP4s())+10 {
		t.Fatalf("only %d files: the fixtures are missing", len(files))
	}
	for name, b := range files {
		if msg := refAgrees(b); msg != "" {
			t.Errorf("%s: %s", name, msg)
		}
		if filepath.Ext(name) == "" {
			continue // crafted: some hold no duration or no video on purpose
		}
		d, track, _, err := refRead(b)
		if err != nil || d <= 0 || (track == nil && filepath.Base(name) != "audio-only.mp4") {
			t.Errorf("%s: go-mp4 read %v, %+v, %v: the comparison says nothing", name, d, track, err)
		}
	}
}

// TestMP4WalkBounds checks that the walkers hold a bounded amount of memory whatever a
// track run claims, and stop at maxBoxes.
func TestMP4WalkBounds(t *testing.T) {
	isom := ftyp("isom", "isom")
	frag := box32("moov", mvhd0(1000, 0), trak(1, 1000, 0), box32("mvex", trex(1, 100)))
	runs := box32("moof", box32("traf", box32("tfhd", u32(0), u32(1)),
		box32("trun", u32(0x100), u32(math.MaxUint32), bytes.Repeat(u32(1), 1<<16))))
	if n, _ := walkAlloc(cat(isom, frag, runs)); n > maxWalkAlloc {
		t.Errorf("a trun of 64 Ki durations: %d bytes allocated", n)
	}
	tiny := bytes.Repeat(box32("free"), maxBoxes)
	file := cat(isom, box32("moov", tiny))
	_, _, err := VideoDuration(bytes.NewReader(file), int64(len(file)))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d boxes", maxBoxes)) {
		t.Errorf("a moov of %d empty boxes: %v", maxBoxes, err)
	}
}

// TestMP4BoxMessages checks that a malformed box is named with what it claims and
// where: at the top level, where it refuses the file, and inside a box, where it is
// the reason no duration could be read.
func TestMP4BoxMessages(t *testing.T) {
	isom := ftyp("isom", "isom")
	long := box32("moov", mvhd0(1000, 5000))
	binary.BigEndian.PutUint32(long, 0xFFFFFFFF)
	inner := mvhd0(1000, 5000)
	binary.BigEndian.PutUint32(inner, 500)
	for _, c := range []struct {
		file []byte
		want string
	}{
		{cat(isom, long), `mp4: the "moov" box claims 4294967295 bytes, and the file has 116 from there: it is cut short or damaged`},
		{cat(isom, box32("moov"), u32(3)), "mp4: 4 stray bytes after the last box: the file is cut short or damaged"},
		{cat(isom, u32(4), []byte("moov")), `mp4: the "moov" box at 20 states a size of 4 bytes, less than its header`},
		{cat(isom, u32(1), []byte("moov"), u32(0)), `mp4: the "moov" box at 20 is cut short`},
		{cat(isom, box32("moov", inner)), `mp4 duration: no duration in the container: the "mvhd" box claims 500 bytes, and the "moov" box has 108 from there`},
		{cat(isom, box32("moov", box32("uuid", make([]byte, 8)))), `the "uuid" box at 28 states a size of 16 bytes, less than its header`},
	} {
		_, _, err := VideoDuration(bytes.NewReader(c.file), int64(len(c.file)))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) && !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}

// maxWalkAlloc bounds what both walkers together allocate for one file: the track
// table, a chunk of trun entries and the sources' windows.
const maxWalkAlloc = 64 << 10

// walkAlloc runs both walkers over b and returns the bytes they allocated and the
// first error either returned.
func walkAlloc(b []byte) (uint64, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := mp4Duration(&source{r: bytes.NewReader(b), size: int64(len(b))})
	_, _, terr := mp4VideoTrack(&source{r: bytes.NewReader(b), size: int64(len(b))})
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, errors.Join(err, terr)
}

// FuzzMP4Boxes checks, on files grown from the fixtures, that the box reader never
// panics, allocates within maxWalkAlloc, and agrees with go-mp4.
func FuzzMP4Boxes(f *testing.F) {
	seedFixtures(f, 8<<10)
	for _, b := range craftedMP4s() {
		f.Add(b)
	}
	rng := rand.New(rand.NewSource(2))
	for range 20 {
		f.Add(randomMP4(rng))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if n, err := walkAlloc(b); n > maxWalkAlloc || errors.Is(err, errPanic) {
			t.Fatalf("%d bytes allocated, %v", n, err)
		}
		if msg := refAgrees(b); msg != "" {
			t.Fatal(msg)
		}
	})
}

// mp4Children are the boxes the readers look for under each box.
var mp4Children = map[string][]string{
	"":     {"moov", "moof"},
	"moov": {"mvhd", "trak", "mvex"},
	"trak": {"tkhd", "mdia"},
	"mdia": {"mdhd", "hdlr", "minf"},
	"minf": {"stbl"},
	"stbl": {"stsd"},
	"mvex": {"mehd", "trex"},
	"moof": {"traf"},
	"traf": {"tfhd", "tfdt", "trun"},
}

// randomMP4 builds a file of random boxes, mostly where the readers look for them and
// sometimes anywhere, with random versions, flags and fields, some of the fields
// handler types and codecs, and some of the sizes broken.
func randomMP4(rng *rand.Rand) []byte {
	pick := func(s ...string) string { return s[rng.Intn(len(s))] }
	// sizes are the body lengths of the version 0 and 1 headers; other boxes get any.
	sizes := map[string][2]int{"mvhd": {100, 112}, "tkhd": {84, 96}, "mdhd": {24, 36},
		"mehd": {8, 12}, "trex": {24, 24}, "tfhd": {8, 32}, "tfdt": {8, 12}, "hdlr": {33, 33}, "stsd": {24, 24}}
	leafBody := func(typ string) []byte {
		v := rng.Intn(5) / 2
		body := u32(uint32(v)<<24 | uint32(rng.Intn(1<<12)))
		switch {
		case typ == "hdlr" && rng.Intn(4) > 0:
			body = cat(body, u32(0), []byte(pick("vide", "soun")))
		case typ == "stsd" && rng.Intn(4) > 0:
			body = cat(body, u32(1), u32(uint32(rng.Intn(100))), []byte(pick("avc1", "hvc1", "vp09", "\x00\x01\xfe\n")))
		}
		n, ok := sizes[typ]
		want := rng.Intn(120)
		if ok && rng.Intn(4) > 0 {
			want = n[min(v, 1)] + rng.Intn(9) - 6
		}
		for len(body) < want {
			switch rng.Intn(4) {
			case 0:
				body = append(body, pick("vide", "soun", "avc1", "hvc1", "uuid")...)
			case 1:
				body = append(body, u32(uint32(rng.Intn(3)))...)
			case 2:
				body = append(body, u32(math.MaxUint32-uint32(rng.Intn(2)))...)
			default:
				body = append(body, u32(rng.Uint32()>>uint(rng.Intn(32)))...)
			}
		}
		return body[:max(want, 0)]
	}
	var kids func(parent string, depth int) []byte
	box := func(parent string, depth int) []byte {
		typ := pick(mp4Children[parent]...)
		if rng.Intn(10) == 0 {
			typ = pick("moov", "trak", "mdia", "minf", "traf", "mvhd", "tkhd", "trun", "uuid", "free", "udta", "mdat")
		}
		body := leafBody(typ)
		if _, ok := mp4Children[typ]; ok && depth < 6 {
			body = kids(typ, depth+1)
		}
		b := box32(typ, body)
		switch rng.Intn(16) {
		case 0:
			b = box64(typ, body)
		case 1:
			binary.BigEndian.PutUint32(b, uint32(len(b)+rng.Intn(17)-8))
		case 2:
			binary.BigEndian.PutUint32(b, uint32(rng.Intn(9)))
		}
		return b
	}
	kids = func(parent string, depth int) []byte {
		var out []byte
		for n := 1 + rng.Intn(4); n > 0; n-- {
			out = append(out, box(parent, depth)...)
		}
		if rng.Intn(8) == 0 {
			out = append(out, make([]byte, rng.Intn(8))...)
		}
		return out
	}
	return cat(ftyp("isom", "isom"), kids("", 0))
}

// TestMP4AgainstGoMP4Random checks the box reader against go-mp4 on random files.
func TestMP4AgainstGoMP4Random(t *testing.T) {
	testrace.Heavy(t)
	rng := rand.New(rand.NewSource(1))
	durations, tracks := 0, 0
	for range 5000 {
		b := randomMP4(rng)
		if d, tr, _, err := refRead(b); err == nil && d > 0 {
			durations++
			if tr != nil {
				tracks++
			}
		}
		if msg := refAgrees(b); msg != "" {
			t.Fatalf("%s\n%q", msg, b)
		}
	}
	t.Log(durations, "with a duration,", tracks, "with a video track too")
}
