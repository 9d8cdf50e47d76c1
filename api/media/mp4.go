package media

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"

	mp4 "github.com/abema/go-mp4"
)

// maxTracks bounds the per-track state kept for one file; real files have a handful.
const maxTracks = 64

// maxBoxes is lower than maxElements because go-mp4 keeps a value for every box it
// visits and spends about a microsecond on each. A 50 MiB minute with a fragment per
// frame has a few tens of thousands.
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

// mp4Reader collects the duration fields while go-mp4 walks the boxes. Only the
// boxes on the paths below are entered or decoded; mdat and the sample tables are
// stepped over.
type mp4Reader struct {
	src        *source
	visited    int
	movieScale uint64
	movieDur   uint64
	mehdDur    uint64
	tracks     map[uint64]*mp4Track
	trakID     uint64
	trakScale  uint64
	trakDur    uint64
	traf       trafState
	chunk      []byte
	problem    error // the first malformed box met, for when no duration is found
}

var (
	boxMoov, boxMoof = mp4.BoxTypeMoov(), mp4.BoxTypeMoof()
	boxTrak, boxMdia = mp4.BoxTypeTrak(), mp4.BoxTypeMdia()
	boxMvex, boxTraf = mp4.BoxTypeMvex(), mp4.BoxTypeTraf()
	boxTrun          = mp4.BoxTypeTrun()
)

// mp4Leaves are the small boxes decoded, keyed by parent and type.
var mp4Leaves = map[[2]mp4.BoxType]bool{
	{boxMoov, mp4.BoxTypeMvhd()}: true,
	{boxTrak, mp4.BoxTypeTkhd()}: true,
	{boxMdia, mp4.BoxTypeMdhd()}: true,
	{boxMvex, mp4.BoxTypeMehd()}: true,
	{boxMvex, mp4.BoxTypeTrex()}: true,
	{boxTraf, mp4.BoxTypeTfhd()}: true,
	{boxTraf, mp4.BoxTypeTfdt()}: true,
}

// mp4Duration finds the duration from, in order of trust: the movie header, the
// fragment header (mehd) and the sum of fragment runs, taking the longest, so a
// fragmented file cannot hide its length behind a short init segment. Only when all
// are missing do the per-track media headers decide.
//
// A malformed box costs only the box that holds it (see expand): the walk goes on
// with that box's next sibling.
func mp4Duration(src *source) (time.Duration, error) {
	m := &mp4Reader{src: src, tracks: map[uint64]*mp4Track{}}
	err := parse(src, func() error {
		_, err := mp4.ReadBoxStructure(io.NewSectionReader(src, 0, src.size), m.box)
		return err
	})
	if src.err != nil || errors.Is(err, errCorrupt) {
		return 0, err // the file cannot be read, or a bound was passed
	}
	d := max(ticksToDuration(m.movieDur, m.movieScale), ticksToDuration(m.mehdDur, m.movieScale))
	for _, t := range m.tracks {
		d = max(d, ticksToDuration(max(t.fragEnd, t.fragCum), t.scale))
	}
	if d == 0 {
		for _, t := range m.tracks {
			d = max(d, ticksToDuration(t.mdhdDur, t.scale))
		}
	}
	if d > 0 {
		return d, nil
	}
	if err == nil || errors.Is(err, errStop) {
		err = m.problem
	}
	return 0, stopped(err)
}

// expand walks the children of the box h. A malformed child ends only this walk:
// go-mp4 would end them all, and then a damaged fragment would hide the fragments
// after it, making a long video look short.
func (m *mp4Reader) expand(h *mp4.ReadHandle) error { return expandBox(h, m.src, &m.problem) }

// expandBox walks h's children for a walker over src: a failure to read the file or a
// passed bound ends every walk; another error is kept in *problem (the first one) and
// ends only this box's.
func expandBox(h *mp4.ReadHandle, src *source, problem *error) error {
	_, err := h.Expand()
	switch {
	case src.err != nil || errors.Is(err, errCorrupt):
		return err
	case err != nil && *problem == nil && !errors.Is(err, errStop):
		*problem = err
	}
	return nil
}

// box is go-mp4's callback for every box it meets on the levels entered.
func (m *mp4Reader) box(h *mp4.ReadHandle) (any, error) {
	if m.visited++; m.visited > maxBoxes {
		return nil, fmt.Errorf("more than %d boxes: %w", maxBoxes, errCorrupt)
	}
	bi := &h.BoxInfo
	if bi.Size < bi.HeaderSize {
		// go-mp4 would carry on from inside this header, a few bytes on, reading
		// whatever follows as boxes.
		return nil, errStop
	}
	var parent mp4.BoxType
	if n := len(h.Path); n > 1 {
		parent = h.Path[n-2]
	}
	switch typ := bi.Type; {
	case len(h.Path) == 1 && (typ == boxMoov || typ == boxMoof),
		parent == boxMoov && typ == boxMvex,
		parent == boxTrak && typ == boxMdia:
		return nil, m.expand(h)
	case parent == boxMoov && typ == boxTrak:
		m.trakID, m.trakScale, m.trakDur = 0, 0, 0
		err := m.expand(h)
		if t := m.track(m.trakID); t != nil {
			t.scale, t.mdhdDur = m.trakScale, m.trakDur
		}
		return nil, err
	case parent == boxMoof && typ == boxTraf:
		m.traf = trafState{}
		err := m.expand(h)
		m.endTraf()
		return nil, err
	case parent == boxTraf && typ == boxTrun:
		return nil, m.trun(bi)
	case mp4Leaves[[2]mp4.BoxType{parent, typ}]:
		return nil, m.leaf(h)
	}
	return nil, nil
}

// leaf decodes one header box. A box go-mp4 cannot decode (too short, or of a
// version it does not know) is skipped: another header may still give the duration.
func (m *mp4Reader) leaf(h *mp4.ReadHandle) error {
	b, _, err := h.ReadPayload()
	if err != nil {
		return m.src.err
	}
	switch b := b.(type) {
	case *mp4.Mvhd:
		m.movieScale, m.movieDur = uint64(b.Timescale), knownDuration(b.GetVersion(), b.DurationV0, b.DurationV1)
	case *mp4.Tkhd:
		m.trakID = uint64(b.TrackID)
	case *mp4.Mdhd:
		m.trakScale, m.trakDur = uint64(b.Timescale), knownDuration(b.GetVersion(), b.DurationV0, b.DurationV1)
	case *mp4.Mehd:
		m.mehdDur = b.GetFragmentDuration()
	case *mp4.Trex:
		if t := m.track(uint64(b.TrackID)); t != nil {
			t.trexDur = uint64(b.DefaultSampleDuration)
		}
	case *mp4.Tfhd:
		m.traf.id = uint64(b.TrackID)
		if b.CheckFlag(mp4.TfhdDefaultSampleDurationPresent) {
			m.traf.tfhdDur, m.traf.hasTfhdDur = uint64(b.DefaultSampleDuration), true
		}
	case *mp4.Tfdt:
		m.traf.base, m.traf.hasBase = b.GetBaseMediaDecodeTime(), true
	}
	return nil
}

// knownDuration reads a version 0 or 1 header duration; all ones means "unknown".
func knownDuration(version uint8, v0 uint32, v1 uint64) uint64 {
	switch {
	case version == 1 && v1 != math.MaxUint64:
		return v1
	case version == 0 && v0 != math.MaxUint32:
		return uint64(v0)
	}
	return 0
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
// that take the default duration instead. go-mp4 would decode it too, but it trusts
// the sample count: a crafted count with no per-sample fields makes it build billions
// of empty entries, and a count larger than the box is an error where players cut it
// to what the box holds.
func (m *mp4Reader) trun(bi *mp4.BoxInfo) error {
	body := int64(bi.Offset + bi.HeaderSize)
	end := m.src.size
	if bi.Size < uint64(end)-bi.Offset {
		end = int64(bi.Offset + bi.Size)
	}
	var head [8]byte
	if end-body < int64(len(head)) {
		return nil
	}
	if err := readFull(m.src, head[:], body); err != nil {
		return err
	}
	flags := binary.BigEndian.Uint32(head[:]) & 0xFFFFFF
	count := uint64(binary.BigEndian.Uint32(head[4:]))
	at := body + 8
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
