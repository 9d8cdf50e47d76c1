package media

import (
	"errors"
	"fmt"
	"io"

	"github.com/remko/go-mkvparse"
)

// mp4Tracks walks moov/trak for ReadVideoTrack: each track's header (size and
// matrix), its handler (vide is video) and the type of its first sample entry
// (stsd), which names the codec. mdat and the sample tables are stepped over, and the
// walk stops at the end of the first video track.
type mp4Tracks struct {
	boxWalk
	cur     VideoTrack // the trak being read
	handler [4]byte
	first   *VideoTrack
}

func mp4VideoTrack(src *source) (VideoTrack, bool, error) {
	m := &mp4Tracks{boxWalk: boxWalk{src: src}}
	err := parse(src, func() error { return m.each(boxHead{end: src.size}, m.top) })
	switch {
	case m.first != nil:
		return *m.first, true, nil
	case err != nil && !errors.Is(err, errStop):
		return VideoTrack{}, false, err
	}
	return VideoTrack{}, false, m.problem
}

func (m *mp4Tracks) top(h boxHead) error {
	if string(h.typ[:]) == "moov" {
		return m.each(h, m.moov)
	}
	return nil
}

func (m *mp4Tracks) moov(h boxHead) error {
	if string(h.typ[:]) != "trak" {
		return nil
	}
	m.cur, m.handler = VideoTrack{}, [4]byte{}
	err := m.each(h, m.trak)
	if string(m.handler[:]) == "vide" && m.cur.Codec.ID != "" {
		t := m.cur
		m.first = &t // even if the rest of the track could not be read
		return errStop
	}
	return err
}

func (m *mp4Tracks) trak(h boxHead) error {
	switch string(h.typ[:]) {
	case "tkhd":
		b, w, ok, err := m.fullBody(h, true, tkhdSize)
		if ok { // width and height are 16.16 fixed point, after the matrix
			var matrix [9]int32
			for i := range matrix {
				matrix[i] = int32(field(b, 28+3*w+4*i, 4))
			}
			m.cur.Rotation = matrixRotation(matrix)
			m.cur.Width, m.cur.Height = int(field(b, 64+3*w, 4)>>16), int(field(b, 68+3*w, 4)>>16)
		}
		return err
	case "mdia":
		return m.each(h, m.mdia)
	}
	return nil
}

func (m *mp4Tracks) mdia(h boxHead) error {
	switch string(h.typ[:]) {
	case "hdlr":
		// version/flags, pre_defined (QuickTime's component type), handler_type
		b, err := m.head(h, 12)
		if len(b) == 12 {
			copy(m.handler[:], b[8:])
		}
		return err
	case "minf":
		return m.each(h, m.minf)
	}
	return nil
}

func (m *mp4Tracks) minf(h boxHead) error {
	if string(h.typ[:]) == "stbl" {
		return m.each(h, m.stbl)
	}
	return nil
}

func (m *mp4Tracks) stbl(h boxHead) error {
	switch string(h.typ[:]) {
	case "stsd":
		// version/flags, entry_count, then the first entry's size and type
		b, err := m.head(h, 16)
		if len(b) == 16 {
			m.cur.Codec = codecOf(string(b[12:16]), mp4Codecs)
		}
		return err
	}
	return nil
}

// webmTracks reads Segment/Tracks for ReadVideoTrack: each TrackEntry's TrackType
// (1 is video), CodecID and Video/PixelWidth and PixelHeight. It stops at the first
// Cluster, and checks its place as webmHeaders does (errLost).
type webmTracks struct {
	mkvparse.DefaultHandler
	webmPlace
	visited int
	cur     VideoTrack
	video   bool
	first   *VideoTrack
}

func webmVideoTrack(src *source) (VideoTrack, bool, error) {
	h := &webmTracks{webmPlace: webmPlace{io.NewSectionReader(src, 0, src.size)}}
	err := parse(src, func() error { return mkvparse.Parse(fullReader{h.r}, h) })
	if h.first != nil {
		return *h.first, true, nil
	}
	if err != nil && !errors.Is(err, errStop) {
		return VideoTrack{}, false, err
	}
	return VideoTrack{}, false, nil
}

func (h *webmTracks) HandleMasterBegin(id mkvparse.ElementID, info mkvparse.ElementInfo) (bool, error) {
	if h.visited++; h.visited > maxElements {
		return false, fmt.Errorf("more than %d elements: %w", maxElements, errCorrupt)
	}
	if err := h.at(info.Offset); err != nil {
		return false, err
	}
	switch {
	case info.Level == 0 && id == mkvparse.SegmentElement,
		info.Level == 1 && id == mkvparse.TracksElement,
		info.Level == 3 && id == mkvparse.VideoElement:
		return true, nil
	case info.Level == 2 && id == mkvparse.TrackEntryElement:
		h.cur, h.video = VideoTrack{}, false
		return true, nil
	case info.Level == 1 && id == mkvparse.ClusterElement:
		return false, errStop // the tracks come before the media
	}
	return false, nil
}

func (h *webmTracks) HandleMasterEnd(id mkvparse.ElementID, info mkvparse.ElementInfo) error {
	switch {
	case info.Level == 0 && id == mkvparse.SegmentElement:
		return errStop
	case info.Level == 1 && id == mkvparse.TracksElement && h.first != nil:
		return errStop
	case info.Level == 2 && id == mkvparse.TrackEntryElement && h.video && h.first == nil:
		t := h.cur
		h.first = &t
	}
	return nil
}

func (h *webmTracks) HandleString(id mkvparse.ElementID, v string, info mkvparse.ElementInfo) error {
	if err := h.at(info.Offset + info.Size); err != nil {
		return err
	}
	if info.Level == 3 && id == mkvparse.CodecIDElement {
		h.cur.Codec = codecOf(v, webmCodecs)
	}
	return nil
}

func (h *webmTracks) HandleInteger(id mkvparse.ElementID, v int64, info mkvparse.ElementInfo) error {
	if err := h.at(info.Offset + info.Size); err != nil {
		return err
	}
	switch {
	case info.Level == 3 && id == mkvparse.TrackTypeElement:
		h.video = v == 1
	case info.Level == 4 && id == mkvparse.PixelWidthElement && v > 0:
		h.cur.Width = int(min(v, 1<<20))
	case info.Level == 4 && id == mkvparse.PixelHeightElement && v > 0:
		h.cur.Height = int(min(v, 1<<20))
	}
	return nil
}
