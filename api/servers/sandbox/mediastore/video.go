package mediastore

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"os"
	"strings"
	"time"

	xdraw "golang.org/x/image/draw"

	"github.com/listings-tui/listings/api/client/media"
)

// Video is a stored video: names are relative to /media/. The file is kept byte for
// byte, so a phone's rotation (the track header's matrix) stays with it and players
// turn it upright; the poster is drawn in the shape the video is shown in.
type Video struct {
	Name, Thumbnail string
	Duration        time.Duration
	Track           media.VideoTrack
}

// videoTrack reads the codec of the video's picture and refuses what the spec does
// not accept (H.264 or H.265 only), or a file with no picture at all. A container
// whose tracks cannot be read was already refused for its duration, or is let
// through as it was before codecs were checked.
func videoTrack(sp *spooled, f media.Format) (media.VideoTrack, error) {
	track, _, err := media.ReadVideoTrack(sp.at, sp.size)
	switch {
	case errors.Is(err, media.ErrNoVideoTrack):
		return track, &Refusal{What: "this " + describe(f), Why: "it holds no video track (sound only?)",
			Do: "send a video with an H.264 or H.265 picture", kind: ErrUnsupportedVideo, cause: err}
	case err != nil:
		return media.VideoTrack{}, nil
	case !track.Codec.Accepted():
		what, rest, _ := strings.Cut(track.Codec.Refusal("video."+string(f)), ": ")
		why, do, _ := strings.Cut(rest, "; ")
		return track, &Refusal{What: what + " in " + describe(f), Why: why, Do: do,
			kind: ErrUnsupportedVideo, cause: errors.New(track.Codec.ID)}
	}
	return track, nil
}

// PutVideo checks and stores a video read from r. The upload is spooled (to a file in
// the store's folder, or to memory without one) so that its container can be read at
// random offsets; at most one byte past the limit is read. The poster image is
// generated, not a frame of the video: the sandbox does not decode video.
func (s *Store) PutVideo(r io.Reader) (Video, error) {
	sp, err := s.spool(r)
	if err != nil {
		return Video{}, err
	}
	defer sp.release()
	if sp.size > media.MaxVideoBytes {
		return Video{}, fmt.Errorf("%w: a video may have at most %d bytes", ErrTooLarge, media.MaxVideoBytes)
	}
	d, f, err := media.VideoDuration(sp.at, sp.size)
	if !f.IsVideo() {
		return Video{}, fmt.Errorf("%w: the content is %s, not MP4, MOV or WebM", ErrUnsupportedVideo, describeVideo(f))
	}
	if err != nil {
		return Video{}, fmt.Errorf("%w: the %s container has no readable duration: %v", ErrUnsupportedVideo, describeVideo(f), err)
	}
	if d > media.MaxVideoDuration {
		return Video{}, &VideoTooLongError{Duration: d}
	}
	track, err := videoTrack(sp, f)
	if err != nil {
		return Video{}, err
	}
	id := newID()
	v := Video{
		Name:      videoDir + "/" + id + "." + string(f),
		Thumbnail: videoDir + "/" + id + "_thumb.png",
		Duration:  d,
		Track:     track,
	}
	poster, err := renderPoster(d, track)
	if err != nil {
		return Video{}, err
	}
	if err := s.put(v.Thumbnail, poster); err != nil {
		return Video{}, err
	}
	if err := sp.keep(s, v.Name); err != nil {
		s.remove(v.Thumbnail)
		return Video{}, err
	}
	return v, nil
}

func describeVideo(f media.Format) string {
	if f == media.Unknown {
		return "not a recognised video"
	}
	return describe(f)
}

// spooled is an upload held where it can be read at any offset.
type spooled struct {
	at   io.ReaderAt
	size int64
	file *os.File // nil in memory mode
	data []byte
}

func (s *Store) spool(r io.Reader) (*spooled, error) {
	limited := io.LimitReader(r, media.MaxVideoBytes+1)
	if s.dir == "" {
		data, err := io.ReadAll(limited)
		if err != nil {
			return nil, fmt.Errorf("read video: %w", err)
		}
		return &spooled{at: bytes.NewReader(data), size: int64(len(data)), data: data}, nil
	}
	f, err := s.tempFile(videoDir + "/upload")
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(f, limited)
	if err != nil {
		discard(f)
		return nil, fmt.Errorf("read video: %w", err)
	}
	return &spooled{at: f, size: n, file: f}, nil
}

// keep stores the spooled upload under name; with a folder the temporary file is
// renamed into place rather than copied.
func (sp *spooled) keep(s *Store, name string) error {
	if sp.file == nil {
		return s.put(name, sp.data)
	}
	f := sp.file
	sp.file = nil
	return s.commit(f, name)
}

// release drops an upload that was not kept.
func (sp *spooled) release() {
	if sp.file != nil {
		discard(sp.file)
		sp.file = nil
	}
}

// Poster geometry: 16:9, the shape most phone videos are shown in, turned 9:16 for
// one shown upright (a phone held up: stored landscape with a quarter turn, or stored
// portrait).
const posterW, posterH = 640, 360

// renderPoster draws a dark frame with a play triangle in a ring, and the duration in
// the bottom-right corner, as a PNG.
func renderPoster(d time.Duration, t media.VideoTrack) ([]byte, error) {
	posterW, posterH := posterW, posterH
	if w, h := t.Displayed(); h > w {
		posterW, posterH = posterH, posterW
	}
	img := image.NewRGBA(image.Rect(0, 0, posterW, posterH))
	bg := color.RGBA{0x1c, 0x1f, 0x26, 0xff}
	draw.Draw(img, img.Rect, image.NewUniform(bg), image.Point{}, draw.Src)

	cx, cy := posterW/2, posterH/2
	const ring, ringIn = 64, 56
	fg := color.RGBA{0xe8, 0xea, 0xef, 0xff}
	for y := cy - ring; y <= cy+ring; y++ {
		for x := cx - ring; x <= cx+ring; x++ {
			dx, dy := x-cx, y-cy
			r2 := dx*dx + dy*dy
			// The triangle points right; its left edge is at cx-18, tip at cx+30.
			inTri := x >= cx-18 && x <= cx+30 && abs(dy)*48 <= (cx+30-x)*28
			if (r2 <= ring*ring && r2 >= ringIn*ringIn) || inTri {
				img.SetRGBA(x, y, fg)
			}
		}
	}

	secs := int((d + time.Second/2) / time.Second)
	label := textMask(fmt.Sprintf("%d:%02d", secs/60, secs%60))
	lw, lh := label.Rect.Dx()*2, label.Rect.Dy()*2
	at := image.Rect(posterW-16-lw, posterH-16-lh, posterW-16, posterH-16)
	scaled := image.NewAlpha(image.Rect(0, 0, lw, lh))
	xdraw.NearestNeighbor.Scale(scaled, scaled.Rect, label, label.Rect, xdraw.Src, nil)
	draw.Draw(img, at, image.NewUniform(color.RGBA{0, 0, 0, 0x99}), image.Point{}, draw.Over)
	draw.DrawMask(img, at, image.NewUniform(fg), image.Point{}, scaled, image.Point{}, draw.Over)

	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("encode poster: %w", err)
	}
	return buf.Bytes(), nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
