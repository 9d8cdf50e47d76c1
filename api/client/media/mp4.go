package media

import (
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"time"
)

// maxTracks bounds the per-track state kept for one file; real files have a handful.
const maxTracks = 64

// maxBoxes bounds the boxes one walk meets, headers read whether the box is entered or
// stepped over. A 50 MiB minute with a fragment per frame has a few tens of thousands.
const maxBoxes = maxElements / 4

// mp4Track is what the duration needs from one track.
type mp4Track struct {
	scale   uint64 // mdhd timescale, ticks per second
	mdhdDur uint64
	trexDur uint64 // trex default sample duration, for fragments
	fragCum uint64 // sum of all fragment durations seen so far
	fragEnd uint64 // latest fragment end, using tfdt when present
}

// trafState is one track fragment as it is read: tfhd, tfdt and trun come in any
// order, so the default duration applies only once all are seen.
type trafState struct {
	id, tfhdDur, base, explicit, defaulted uint64
	hasTfhdDur, hasBase                    bool
}

// mp4Reader collects the duration fields while it walks the boxes. Only the boxes
// on the paths below are entered or decoded; mdat and the sample tables are stepped
// over.
type mp4Reader struct {
	boxWalk
	movieScale uint64
	movieDur   uint64
	mehdDur    uint64
	tracks     map[uint64]*mp4Track
	trakID     uint64
	trakScale  uint64
	trakDur    uint64
	traf       trafState
	chunk      []byte
}

// mp4Duration finds the duration from, in order of trust: the movie header, the
// fragment header (mehd) and the sum of fragment runs, taking the longest, so a
// fragmented file cannot hide its length behind a short init segment. Only when all
// are missing do the per-track media headers decide.
//
// A malformed box costs only the box that holds it (see boxWalk): the walk goes on
// with that box's next sibling.
func mp4Duration(src *source) (time.Duration, error) {
	m := &mp4Reader{boxWalk: boxWalk{src: src}, tracks: map[uint64]*mp4Track{}}
	err := parse(src, func() error { return m.each(boxHead{end: src.size}, m.top) })
	if err != nil && !errors.Is(err, errStop) {
		return 0, err // the file cannot be read, or a bound was passed
	}
	if d := m.duration(); d > 0 {
		return d, nil
	}
	return 0, stopped(m.problem)
}

// duration weighs the headers read, as mp4Duration says.
func (m *mp4Reader) duration() time.Duration {
	d := max(ticksToDuration(m.movieDur, m.movieScale), ticksToDuration(m.mehdDur, m.movieScale))
	for _, t := range m.tracks {
		d = max(d, ticksToDuration(max(t.fragEnd, t.fragCum), t.scale))
	}
	if d == 0 {
		for _, t := range m.tracks {
			d = max(d, ticksToDuration(t.mdhdDur, t.scale))
		}
	}
	return d
}

// top enters the movie and its fragments.
func (m *mp4Reader) top(h boxHead) error {
	switch string(h.typ[:]) {
	case "moov":
		return m.each(h, m.moov)
	case "moof":
		return m.each(h, m.moof)
	}
	return nil
}

func (m *mp4Reader) moov(h boxHead) error {
	switch string(h.typ[:]) {
	case "mvhd":
		// creation and modification times, timescale, duration, then 80 bytes to next_track_ID
		b, w, ok, err := m.fullBody(h, true, func(w int, _ uint32) int { return 88 + 3*w })
		if ok {
			m.movieScale, m.movieDur = field(b, 4+2*w, 4), knownDuration(b, 8+2*w, w)
		}
		return err
	case "trak":
		m.trakID, m.trakScale, m.trakDur = 0, 0, 0
		err := m.each(h, m.trak)
		if t := m.track(m.trakID); t != nil {
			t.scale, t.mdhdDur = m.trakScale, m.trakDur
		}
		return err
	case "mvex":
		return m.each(h, m.mvex)
	}
	return nil
}

func (m *mp4Reader) trak(h boxHead) error {
	switch string(h.typ[:]) {
	case "tkhd":
		b, w, ok, err := m.fullBody(h, true, tkhdSize)
		if ok {
			m.trakID = field(b, 4+2*w, 4)
		}
		return err
	case "mdia":
		return m.each(h, m.mdia)
	}
	return nil
}

func (m *mp4Reader) mdia(h boxHead) error {
	if string(h.typ[:]) != "mdhd" {
		return nil
	}
	// times, timescale, duration, language, pre_defined
	b, w, ok, err := m.fullBody(h, true, func(w int, _ uint32) int { return 12 + 3*w })
	if ok {
		m.trakScale, m.trakDur = field(b, 4+2*w, 4), knownDuration(b, 8+2*w, w)
	}
	return err
}

func (m *mp4Reader) mvex(h boxHead) error {
	switch string(h.typ[:]) {
	case "mehd":
		b, w, ok, err := m.fullBody(h, true, func(w int, _ uint32) int { return 4 + w })
		if ok {
			m.mehdDur = field(b, 4, w)
		}
		return err
	case "trex":
		// track_ID, default_sample_description_index, default_sample_duration, size, flags
		b, _, ok, err := m.fullBody(h, false, func(int, uint32) int { return 24 })
		if ok {
			if t := m.track(field(b, 4, 4)); t != nil {
				t.trexDur = field(b, 12, 4)
			}
		}
		return err
	}
	return nil
}

func (m *mp4Reader) moof(h boxHead) error {
	if string(h.typ[:]) != "traf" {
		return nil
	}
	m.traf = trafState{}
	err := m.each(h, m.trafChild)
	m.endTraf()
	return err
}

// tfhd flags that add a field after track_ID (ISO/IEC 14496-12 §8.8.7): an 8-byte
// base data offset, then 4-byte fields, the default duration third.
const (
	tfhdBaseDataOffset  = 0x01
	tfhdSampleDescIndex = 0x02
	tfhdDefaultDuration = 0x08
	tfhd4ByteFields     = 0x3A // sample description index, default duration, size, flags
)

func (m *mp4Reader) trafChild(h boxHead) error {
	switch string(h.typ[:]) {
	case "tfhd":
		b, _, ok, err := m.fullBody(h, false, tfhdSize)
		if ok {
			flags := field(b, 0, 4) & 0xFFFFFF
			m.traf.id = field(b, 4, 4)
			if flags&tfhdDefaultDuration != 0 {
				at := 8
				if flags&tfhdBaseDataOffset != 0 {
					at += 8
				}
				if flags&tfhdSampleDescIndex != 0 {
					at += 4
				}
				m.traf.tfhdDur, m.traf.hasTfhdDur = field(b, at, 4), true
			}
		}
		return err
	case "tfdt":
		b, w, ok, err := m.fullBody(h, true, func(w int, _ uint32) int { return 4 + w })
		if ok {
			m.traf.base, m.traf.hasBase = field(b, 4, w), true
		}
		return err
	case "trun":
		return m.trun(h)
	}
	return nil
}

// tkhdSize is a track header's length: times, track_ID, reserved, duration, reserved,
// layer, alternate_group, volume, reserved, matrix, width and height.
func tkhdSize(w int, _ uint32) int { return 72 + 3*w }

// tfhdSize is a track fragment header's length: track_ID and the fields its flags add.
func tfhdSize(_ int, flags uint32) int {
	return 8 + 8*int(flags&tfhdBaseDataOffset) + 4*bits.OnesCount32(flags&tfhd4ByteFields)
}

// knownDuration reads the header duration of width bytes at at; all ones means
// "unknown", and reads as 0.
func knownDuration(b []byte, at, width int) uint64 {
	d := field(b, at, width)
	if d == math.MaxUint64>>(64-8*width) {
		return 0
	}
	return d
}

// track returns the state of track id, or nil once maxTracks are known.
func (m *mp4Reader) track(id uint64) *mp4Track {
	if t, ok := m.tracks[id]; ok {
		return t
	}
	if len(m.tracks) >= maxTracks {
		return nil
	}
	t := &mp4Track{}
	m.tracks[id] = t
	return t
}

// endTraf adds the track fragment just read to its track.
func (m *mp4Reader) endTraf() {
	f := &m.traf
	t := m.track(f.id)
	if t == nil {
		return
	}
	def := t.trexDur
	if f.hasTfhdDur {
		def = f.tfhdDur
	}
	sum := addSat(f.explicit, mulSat(f.defaulted, def))
	start := t.fragCum
	if f.hasBase {
		start = f.base
	}
	t.fragCum = addSat(t.fragCum, sum)
	t.fragEnd = max(t.fragEnd, addSat(start, sum))
}

// trun adds up the durations a track run states per sample, and counts the samples
// that take the default duration instead. The sample count is not trusted: it is cut
// to the entries the box holds, as players do, and only a chunk of entries is held at
// a time, so a crafted count of billions costs nothing.
func (m *mp4Reader) trun(h boxHead) error {
	b, err := m.head(h, 8) // version and flags, sample_count
	if len(b) < 8 {
		return err
	}
	flags := binary.BigEndian.Uint32(b) & 0xFFFFFF
	count := uint64(binary.BigEndian.Uint32(b[4:]))
	at, end := h.body+8, h.end
	if flags&0x001 != 0 {
		at += 4 // data_offset
	}
	if flags&0x004 != 0 {
		at += 4 // first_sample_flags
	}
	if flags&0x100 == 0 {
		m.traf.defaulted = addSat(m.traf.defaulted, count)
		return nil
	}
	entry := int64(4 * bits.OnesCount32(flags&0xF00))
	count = min(count, uint64(max(end-at, 0)/entry))
	if m.chunk == nil {
		m.chunk = make([]byte, 4096/entry*entry)
	}
	for count > 0 {
		n := min(uint64(len(m.chunk))/uint64(entry), count)
		p := m.chunk[:n*uint64(entry)]
		if err := readFull(m.src, p, at); err != nil {
			return err
		}
		for i := 0; i < len(p); i += int(entry) {
			m.traf.explicit = addSat(m.traf.explicit, uint64(binary.BigEndian.Uint32(p[i:])))
		}
		at += int64(len(p))
		count -= n
	}
	return nil
}
