package media

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"time"

	mp4 "github.com/abema/go-mp4"
)

// refMP4 reads what mp4Duration and mp4VideoTrack read, but walks the boxes and decodes
// the headers with github.com/abema/go-mp4, a parser written apart from ours and fuzzed
// by its authors. It is a test dependency only: its package init registers some 80 box
// types, which cost every run of the binary about 2 ms. Only how a duration is weighed
// from the headers (mp4Reader.duration, endTraf) is shared with the reader under test.
//
// A malformed box ends the walk of its parent's children, as ours does; go-mp4 itself
// would end the whole walk.
type refMP4 struct {
	m       mp4Reader
	video   *VideoTrack
	cur     VideoTrack
	handler string
	// unsure is set by a trun whose sample count passes its box: go-mp4 refuses it, ours
	// cuts the count to what the box holds.
	unsure bool
}

// refPaths are the boxes the reference enters.
var refPaths = map[string]bool{
	"moov": true, "moof": true, "moov/mvex": true, "moof/traf": true,
	"moov/trak": true, "moov/trak/mdia": true, "moov/trak/mdia/minf": true, "moov/trak/mdia/minf/stbl": true,
}

// refHeaders are the header boxes decoded, by parent and type; the parents are entered
// on one path each.
var refHeaders = map[string]bool{
	"moov/mvhd": true, "trak/tkhd": true, "mdia/mdhd": true, "mvex/mehd": true,
	"mvex/trex": true, "traf/tfhd": true, "traf/tfdt": true,
}

// refRead walks b with go-mp4: the duration (0 for none), the first video track, and
// whether the reference is unsure of the duration.
func refRead(b []byte) (time.Duration, *VideoTrack, bool, error) {
	ref := &refMP4{m: mp4Reader{tracks: map[uint64]*mp4Track{}}}
	_, err := mp4.ReadBoxStructure(bytes.NewReader(b), ref.box)
	return ref.m.duration(), ref.video, ref.unsure, err
}

func (ref *refMP4) box(h *mp4.ReadHandle) (any, error) {
	bi := &h.BoxInfo
	head := bi.HeaderSize
	if bi.Type == mp4.StrToBoxType("uuid") {
		head += 16 // go-mp4 reads the extended type as the body; the standard as the header
	}
	if bi.Size < head {
		return nil, errStop // go-mp4 would go on from inside the header
	}
	var path []string
	for _, t := range h.Path {
		path = append(path, t.String())
	}
	at := strings.Join(path, "/")
	m := &ref.m
	switch at {
	case "moov/trak":
		m.trakID, m.trakScale, m.trakDur = 0, 0, 0
		ref.cur, ref.handler = VideoTrack{}, ""
		_, _ = h.Expand()
		if t := m.track(m.trakID); t != nil {
			t.scale, t.mdhdDur = m.trakScale, m.trakDur
		}
		if ref.handler == "vide" && ref.cur.Codec.ID != "" && ref.video == nil {
			t := ref.cur
			ref.video = &t
		}
		return nil, nil
	case "moof/traf":
		m.traf = trafState{}
		_, _ = h.Expand()
		m.endTraf()
		return nil, nil
	case "moov/trak/mdia/hdlr", "moov/trak/mdia/minf/stbl/stsd":
		var body bytes.Buffer
		if _, err := h.ReadData(&body); err != nil {
			return nil, nil
		}
		b := body.Bytes()
		switch {
		case strings.HasSuffix(at, "hdlr") && len(b) >= 12:
			ref.handler = string(b[8:12])
		case strings.HasSuffix(at, "stsd") && len(b) >= 16:
			ref.cur.Codec = codecOf(string(b[12:16]), mp4Codecs)
		}
		return nil, nil
	case "moof/traf/trun":
		ref.trun(h)
		return nil, nil
	}
	if refPaths[at] {
		_, _ = h.Expand()
		return nil, nil
	}
	ref.header(h)
	return nil, nil
}

// header decodes a header box on the paths ours reads; any other box, and one go-mp4
// cannot decode, is passed over.
func (ref *refMP4) header(h *mp4.ReadHandle) {
	if len(h.Path) < 2 || !refHeaders[h.Path[len(h.Path)-2].String()+"/"+h.BoxInfo.Type.String()] {
		return
	}
	b, _, err := h.ReadPayload()
	if err != nil {
		return
	}
	m := &ref.m
	switch b := b.(type) {
	case *mp4.Mvhd:
		m.movieScale, m.movieDur = uint64(b.Timescale), refKnown(b.GetVersion(), b.DurationV0, b.DurationV1)
	case *mp4.Tkhd:
		m.trakID = uint64(b.TrackID)
		ref.cur.Width, ref.cur.Height = int(b.Width>>16), int(b.Height>>16)
		ref.cur.Rotation = matrixRotation(b.Matrix)
	case *mp4.Mdhd:
		m.trakScale, m.trakDur = uint64(b.Timescale), refKnown(b.GetVersion(), b.DurationV0, b.DurationV1)
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
}

// trun adds a track run's durations as go-mp4 decodes them. A run without per-sample
// durations is counted from its sample count alone: go-mp4 would build an entry for
// every sample it claims.
func (ref *refMP4) trun(h *mp4.ReadHandle) {
	var body bytes.Buffer
	if _, err := h.ReadData(&body); err != nil || body.Len() < 8 {
		return
	}
	b := body.Bytes()
	if b[2]&0x01 == 0 { // no sample_duration (0x000100) in the flags
		ref.m.traf.defaulted = addSat(ref.m.traf.defaulted, uint64(b[4])<<24|uint64(b[5])<<16|uint64(b[6])<<8|uint64(b[7]))
		return
	}
	box, _, err := h.ReadPayload()
	if err != nil {
		ref.unsure = true
		return
	}
	for _, e := range box.(*mp4.Trun).Entries {
		ref.m.traf.explicit = addSat(ref.m.traf.explicit, uint64(e.SampleDuration))
	}
}

// refKnown is a version 0 or 1 duration, all ones ("unknown") read as 0.
func refKnown(version uint8, v0 uint32, v1 uint64) uint64 {
	switch {
	case version == 1 && v1 != math.MaxUint64:
		return v1
	case version == 0 && v0 != math.MaxUint32:
		return uint64(v0)
	}
	return 0
}

// refAgrees reports how ours and the reference differ on b, "" when they agree: the
// same duration (or none), the same first video track (or none). A file whose top-level
// boxes do not tile it is refused before either walk and is not compared.
func refAgrees(b []byte) string {
	if mp4TopBoxes(&source{r: bytes.NewReader(b), size: int64(len(b))}) != nil {
		return ""
	}
	want, wantTrack, unsure, err := refRead(b)
	if err != nil {
		return "" // go-mp4 cannot walk the top level: nothing to compare
	}
	var msgs []string
	d, derr := mp4Duration(&source{r: bytes.NewReader(b), size: int64(len(b))})
	if !unsure && (d != want || (derr == nil) != (want > 0)) {
		msgs = append(msgs, fmt.Sprintf("duration %v (%v), go-mp4 %v", d, derr, want))
	}
	tr, found, terr := mp4VideoTrack(&source{r: bytes.NewReader(b), size: int64(len(b))})
	switch {
	case found != (wantTrack != nil):
		msgs = append(msgs, fmt.Sprintf("video track %v (%v), go-mp4 %+v", found, terr, wantTrack))
	case found && tr != *wantTrack:
		msgs = append(msgs, fmt.Sprintf("track %+v, go-mp4 %+v", tr, *wantTrack))
	}
	return strings.Join(msgs, "; ")
}
