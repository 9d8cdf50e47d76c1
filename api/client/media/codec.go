package media

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"
)

// Codec is the coding of a video's picture, read from its container: the sample entry
// of an MP4 or MOV track (avc1, hvc1, vp09…) or a WebM track's CodecID (V_VP9…).
type Codec struct {
	ID   string // as the container writes it
	Name string // what people call it: H.264, VP9…; the ID when unknown
}

// Accepted reports whether the video upload takes the codec: the spec allows H.264
// or H.265 only, in any of the three containers.
func (c Codec) Accepted() bool { return c.Name == "H.264" || c.Name == "H.265" }

// VideoTrack is what a video's first video track says of its picture.
type VideoTrack struct {
	Codec         Codec
	Width, Height int // as stored, before Rotation; 0 when not stated
	// Rotation is how far a player turns the stored picture clockwise, 0, 90, 180 or
	// 270: phones store a portrait video landscape and say so in the MP4/MOV track
	// header's matrix (tkhd).
	Rotation int
}

// Displayed is the size a player shows, Rotation applied.
func (t VideoTrack) Displayed() (w, h int) {
	if t.Rotation%180 != 0 {
		return t.Height, t.Width
	}
	return t.Width, t.Height
}

// ErrNoVideoTrack means the container holds no video track (sound only, say).
var ErrNoVideoTrack = errors.New("it holds no video track")

// ReadVideoTrack reads the first video track of an MP4, MOV or WebM file: headers
// only, within the bounds VideoDuration keeps. The Format is returned also on error.
func ReadVideoTrack(r io.ReaderAt, size int64) (VideoTrack, Format, error) {
	f, err := sniffAt(r, size)
	if err != nil {
		return VideoTrack{}, f, err
	}
	src := &source{r: r, size: size}
	var t VideoTrack
	var found bool
	switch f {
	case MP4, MOV:
		if err := mp4TopBoxes(src); err != nil {
			return VideoTrack{}, f, fmt.Errorf("%s: %w", f, err)
		}
		t, found, err = mp4VideoTrack(src)
	case WebM:
		t, found, err = webmVideoTrack(src)
	default:
		return VideoTrack{}, f, fmt.Errorf("%w: the content is %s", ErrNotVideo, f)
	}
	switch {
	case err != nil:
		return VideoTrack{}, f, fmt.Errorf("%s tracks: %w", f, err)
	case !found:
		return VideoTrack{}, f, ErrNoVideoTrack
	}
	return t, f, nil
}

// sniffAt sniffs the format from the head of r.
func sniffAt(r io.ReaderAt, size int64) (Format, error) {
	if size < 0 {
		return Unknown, fmt.Errorf("video size %d: %w", size, errCorrupt)
	}
	head := make([]byte, min(size, SniffLen))
	n, err := r.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return Unknown, fmt.Errorf("read video head: %w", err)
	}
	return Sniff(head[:n]), nil
}

// mp4Codecs names the sample entries of ISO-BMFF and QuickTime video tracks.
var mp4Codecs = map[string]string{
	"avc1": "H.264", "avc2": "H.264", "avc3": "H.264", "avc4": "H.264",
	"hvc1": "H.265", "hev1": "H.265",
	// Dolby Vision over HEVC, as iPhones record HDR: an H.265 bitstream.
	"dvh1": "H.265", "dvhe": "H.265",
	"vp08": "VP8", "vp09": "VP9", "av01": "AV1",
	"mp4v": "MPEG-4 Part 2", "s263": "H.263", "h263": "H.263",
	"apcn": "Apple ProRes", "apch": "Apple ProRes", "apcs": "Apple ProRes", "apco": "Apple ProRes",
	"ap4h": "Apple ProRes", "ap4x": "Apple ProRes",
	"jpeg": "Motion JPEG", "mjpa": "Motion JPEG", "mjpb": "Motion JPEG",
	"vvc1": "H.266", "vvi1": "H.266",
	"encv": "an encrypted (DRM) stream",
}

// webmCodecs names Matroska CodecIDs; the MPEG-4 Part 2 profiles share a prefix.
var webmCodecs = map[string]string{
	"V_MPEG4/ISO/AVC": "H.264", "V_MPEGH/ISO/HEVC": "H.265",
	"V_VP8": "VP8", "V_VP9": "VP9", "V_AV1": "AV1",
	"V_THEORA": "Theora", "V_MJPEG": "Motion JPEG", "V_PRORES": "Apple ProRes",
	"V_MPEG1": "MPEG-1", "V_MPEG2": "MPEG-2", "V_MPEGI/ISO/VVC": "H.266",
}

// codecOf names a codec ID in the table, keeping only printable text of an unknown
// one so that a crafted ID cannot carry control characters into a message.
func codecOf(id string, table map[string]string) Codec {
	id = strings.Map(func(r rune) rune {
		if r > unicode.MaxASCII || !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, id)
	if len(id) > 40 {
		id = id[:40]
	}
	if name, ok := table[id]; ok {
		return Codec{ID: id, Name: name}
	}
	if strings.HasPrefix(id, "V_MPEG4/ISO/") || strings.HasPrefix(id, "V_MPEG4/MS/") {
		return Codec{ID: id, Name: "MPEG-4 Part 2"}
	}
	return Codec{ID: id, Name: id}
}

// matrixRotation reads the clockwise quarter turns of a track header's matrix
// {a, b, u, c, d, v, x, y, w} (16.16 fixed point): a player maps (x, y) to
// (a·x + c·y, b·x + d·y), so (a, b) is where the stored x axis points on screen.
// Mirrored or skewed matrices keep the nearest quarter turn of that axis.
func matrixRotation(m [9]int32) int {
	a, b := float64(m[0]), float64(m[1])
	if a == 0 && b == 0 {
		return 0
	}
	deg := math.Atan2(b, a) * 180 / math.Pi
	q := int(math.Round(deg/90)) * 90
	return (q%360 + 360) % 360
}

// Refusal says why a video of codec c is refused and what to do, for the client's
// check and the sandbox alike: "VP9 video (V_VP9): the service accepts H.264 or H.265
// only; convert it first, e.g. ffmpeg -i clip.webm -c:v libx264 -c:a aac clip.mp4".
// name is the file's name, "" when unknown. An MP4 is the way out for every
// container, since WebM cannot hold H.264 in ffmpeg's muxer.
func (c Codec) Refusal(name string) string {
	what := c.Name + " video"
	switch {
	case c.Name != c.ID:
		what += " (" + c.ID + ")"
	default:
		what = fmt.Sprintf("video coded as %q", c.ID)
	}
	in, out := "video.webm", "video.mp4"
	if name != "" {
		in = name
		out = strings.TrimSuffix(name, filepathExt(name)) + ".mp4"
		if out == name {
			out = strings.TrimSuffix(name, filepathExt(name)) + "-h264.mp4"
		}
	}
	return fmt.Sprintf("%s: the service accepts H.264 or H.265 only; convert it first, e.g. ffmpeg -i %s -c:v libx264 -c:a aac %s",
		what, shellWord(in), shellWord(out))
}

// filepathExt is the extension of a base name (path/filepath is not needed for one).
func filepathExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		return name[i:]
	}
	return ""
}

// shellWord quotes a file name for the command to be pasted into a shell.
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '.' || r == '-' || r == '_' || r == '/' || unicode.IsLetter(r) || unicode.IsDigit(r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
