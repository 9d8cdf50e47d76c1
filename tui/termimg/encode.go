package termimg

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"strconv"

	"github.com/mattn/go-sixel"
)

// Image is one photo encoded for one protocol and box: the bytes the Painter sends.
// It is made once per photo and size (Encode, in a command, off the event loop), and
// only the current photo's is kept (Painter.Keep).
type Image struct {
	ID         uint32 // names the picture: kitty's image id and the marker's; 0 is none
	Protocol   Protocol
	Cols, Rows int    // the box in cells, the same as the half-blocks'
	Data       []byte // kitty: the transmission (a=t); iTerm2 and sixel: the picture
}

// Encode scales img into the box the half-blocks of cols×rows cells would take and
// encodes it for c's protocol; key names the photo (its URL or path), so that the same
// photo in the same box gets the same ID. Blocks gives the zero Image.
func Encode(key string, img image.Image, c Caps, cols, rows int) (Image, error) {
	if c.Protocol == Blocks || img == nil {
		return Image{}, nil
	}
	b := img.Bounds()
	bc, br := Box(b.Dx(), b.Dy(), cols, rows)
	if bc == 0 {
		return Image{}, nil
	}
	cw, ch := c.cell()
	pw, ph := Fit(b.Dx(), b.Dy(), bc*cw, br*ch)
	small := scaled(img, pw, ph)
	out := Image{ID: imageID(key, c.Protocol, bc, br), Protocol: c.Protocol, Cols: bc, Rows: br}
	var buf bytes.Buffer
	switch c.Protocol {
	case Kitty, ITerm:
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, small); err != nil {
			return Image{}, err
		}
		if c.Protocol == Kitty {
			out.Data = kittyTransmit(out.ID, buf.Bytes())
		} else {
			out.Data = itermInline(buf.Bytes(), bc, br)
		}
	case Sixel:
		if err := sixel.NewEncoder(&buf).Encode(small); err != nil {
			return Image{}, err
		}
		out.Data = buf.Bytes()
	}
	return out, nil
}

// scaled is img averaged into pw×ph pixels by the bounded downscale of the half-blocks:
// a 12 MP photo costs the same few samples a pixel as a small one.
func scaled(img image.Image, pw, ph int) *image.RGBA {
	px := downscale(img, pw, ph)
	out := image.NewRGBA(image.Rect(0, 0, pw, ph))
	for i, c := range px {
		copy(out.Pix[i*4:], []byte{c.R, c.G, c.B, c.A})
	}
	return out
}

// imageID is a photo's id for kitty: stable for a key, protocol and box, never 0
// (kitty's "no id"), and below 2^24 so that it would also fit a placeholder's colour.
func imageID(key string, p Protocol, cols, rows int) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d", key, p, cols, rows)
	id := h.Sum32() & 0xffffff
	if id == 0 {
		id = 1
	}
	return id
}

// kittyChunk is the protocol's largest chunk of base64 in one escape sequence.
const kittyChunk = 4096

// kittyTransmit is the PNG sent to the terminal under id, not shown (a=t): shown by
// a placement after each frame, and the data kept there until deleted. q=2: the
// terminal answers nothing, which would come in as keys.
func kittyTransmit(id uint32, pngData []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(pngData)
	var b bytes.Buffer
	for first := true; first || len(enc) > 0; first = false {
		n := min(kittyChunk, len(enc))
		more := 0
		if n < len(enc) {
			more = 1
		}
		b.WriteString("\x1b_G")
		if first {
			b.WriteString("a=t,f=100,q=2,i=" + strconv.FormatUint(uint64(id), 10) + ",")
		}
		b.WriteString("m=" + strconv.Itoa(more) + ";" + enc[:n] + "\x1b\\")
		enc = enc[n:]
	}
	return b.Bytes()
}

// kittyPlace shows image id at the cursor over cols×rows cells, the cursor left where
// it was (C=1); placement 1 of that image, so placing it again moves it, never copies.
func kittyPlace(id uint32, cols, rows int) string {
	return fmt.Sprintf("\x1b_Ga=p,i=%d,p=1,c=%d,r=%d,C=1,q=2\x1b\\", id, cols, rows)
}

// kittyUnplace removes the placement of image id, keeping its data for the next one.
func kittyUnplace(id uint32) string {
	return fmt.Sprintf("\x1b_Ga=d,d=i,i=%d,q=2\x1b\\", id)
}

// kittyForget frees image id's data in the terminal.
func kittyForget(id uint32) string {
	return fmt.Sprintf("\x1b_Ga=d,d=I,i=%d,q=2\x1b\\", id)
}

// itermInline is iTerm2's OSC 1337 inline file, stretched to cols×rows cells (the
// picture was already fitted to their aspect).
func itermInline(data []byte, cols, rows int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "\x1b]1337;File=inline=1;size=%d;width=%d;height=%d;preserveAspectRatio=0:", len(data), cols, rows)
	b.WriteString(base64.StdEncoding.EncodeToString(data))
	b.WriteByte('\a')
	return b.Bytes()
}
