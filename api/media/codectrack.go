package media

import (
	"errors"
	"fmt"
	"io"

	mp4 "github.com/abema/go-mp4"
	"github.com/remko/go-mkvparse"
)

// mp4Tracks walks moov/trak for ReadVideoTrack: each track's header (size and
// matrix), its handler (vide is video) and the type of its first sample entry
// (stsd), which names the codec. mdat and the sample tables are stepped over.
type mp4Tracks struct {
	src     *source
	visited int
	cur     VideoTrack // the trak being read
	handler string
	first   *VideoTrack
	problem error
}

var (
	boxMinf, boxStbl = mp4.BoxTypeMinf(), mp4.BoxTypeStbl()
	boxHdlr, boxStsd = mp4.BoxTypeHdlr(), mp4.BoxTypeStsd()
)

func mp4VideoTrack(src *source) (VideoTrack, bool, error) {
	m := &mp4Tracks{src: src}
	err := parse(src, func() error {
		_, err := mp4.ReadBoxStructure(io.NewSectionReader(src, 0, src.size), m.box)
		return err
	})
	if m.first != nil {
		return *m.first, true, nil
	}
	if src.err != nil || errors.Is(err, errCorrupt) {
		return VideoTrack{}, false, err
	}
	if err == nil || errors.Is(err, errStop) {
		err = m.problem
	}
	return VideoTrack{}, false, err
}

func (m *mp4Tracks) box(h *mp4.ReadHandle) (any, error) {
	if m.visited++; m.visited > maxBoxes {
		return nil, fmt.Errorf("more than %d boxes: %w", maxBoxes, errCorrupt)
	}
	if m.first != nil {
		return nil, errStop
	}
	bi := &h.BoxInfo
	if bi.Size < bi.HeaderSize {
		return nil, errStop // see mp4Reader.box
	}
	var parent mp4.BoxType
	if n := len(h.Path); n > 1 {
		parent = h.Path[n-2]
	}
	switch typ := bi.Type; {
	case len(h.Path) == 1 && typ == boxMoov,
		parent == boxTrak && typ == boxMdia,
		parent == boxMdia && typ == boxMinf,
		parent == boxMinf && typ == boxStbl:
		return nil, m.expand(h)
	case parent == boxMoov && typ == boxTrak:
		m.cur, m.handler = VideoTrack{}, ""
		err := m.expand(h)
		if m.handler == "vide" && m.cur.Codec.ID != "" && m.first == nil {
			t := m.cur
			m.first = &t
		}
		return nil, err
	case parent == boxTrak && typ == mp4.BoxTypeTkhd():
		b, _, err := h.ReadPayload()
		if err != nil {
			return nil, m.src.err // an undecodable header leaves the size unknown
		}
		if tk, ok := b.(*mp4.Tkhd); ok {
			m.cur.Width, m.cur.Height = int(tk.Width>>16), int(tk.Height>>16)
			m.cur.Rotation = matrixRotation(tk.Matrix)
		}
	case parent == boxMdia && typ == boxHdlr:
		// version/flags, pre_defined (QuickTime's component type), handler_type
		if b, ok := m.read(bi, 12); ok {
			m.handler = string(b[8:12])
		}
	case parent == boxStbl && typ == boxStsd:
		// version/flags, entry_count, then the first entry's size and type
		if b, ok := m.read(bi, 16); ok {
			m.cur.Codec = codecOf(string(b[12:16]), mp4Codecs)
		}
	}
	return nil, nil
}

// read reads the first n bytes of a box's body, if it has them.
func (m *mp4Tracks) read(bi *mp4.BoxInfo, n int) ([]byte, bool) {
	if bi.Size-bi.HeaderSize < uint64(n) {
		return nil, false
	}
	b := make([]byte, n)
	if err := readFull(m.src, b, int64(bi.Offset+bi.HeaderSize)); err != nil {
		return nil, false
	}
	return b, true
}

func (m *mp4Tracks) expand(h *mp4.ReadHandle) error { return expandBox(h, m.src, &m.problem) }

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
