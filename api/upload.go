package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/listings-tui/listings/api/client/media"
)

// Progress is told how many bytes of an upload body have been handed to the connection,
// out of total. It is called from the transport's goroutine and must return quickly; on
// an automatic retry it starts again from 0.
type Progress func(sent, total int64)

// VideoCheck is what CheckVideo learned about a video.
type VideoCheck struct {
	Path     string
	Size     int64
	Format   media.Format
	Duration time.Duration // 0 when the container holds none
	// Track is the video track's codec, size and rotation; zero when the container's
	// tracks could not be read (left to the service to judge).
	Track media.VideoTrack
}

// CheckVideo validates a video before any request is spent: MP4, MOV or WebM by
// content, at most 50 MB, at most 60 s when the container states a duration (a
// container without one, such as a streamed WebM, is left to the service to judge),
// and a video track coded in H.264 or H.265, the only codecs the spec accepts: a VP9
// WebM, the browsers' and Android's screen recorders' usual output, is refused here,
// naming its codec, rather than after its upload.
func CheckVideo(path string) (*VideoCheck, error) {
	f, size, format, err := openMedia(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if !format.IsVideo() {
		return nil, &FileError{Path: path, Rule: RuleFormat, Case: FileNotVideo, Seen: format,
			Detail: "is not an MP4, MOV or WebM video" + seenAs(format)}
	}
	if size > media.MaxVideoBytes {
		return nil, &FileError{Path: path, Rule: RuleSize, Case: FileOverVideo, Size: size, Limit: media.MaxVideoBytes,
			Detail: media.OverLimit(size, media.MaxVideoBytes) + " for a video"}
	}
	d, _, err := media.VideoDuration(f, size)
	switch {
	case errors.Is(err, media.ErrNoDuration):
		d = 0
	case err != nil:
		return nil, &FileError{Path: path, Rule: RuleFormat, Err: err,
			Detail: fmt.Sprintf("its %s container cannot be read: %v", format, err)}
	case d > media.MaxVideoDuration:
		return nil, &FileError{Path: path, Rule: RuleDuration,
			Detail: fmt.Sprintf("%s is over the %s limit for a video", roundDur(d), roundDur(media.MaxVideoDuration))}
	}
	track, _, err := media.ReadVideoTrack(f, size)
	switch {
	case errors.Is(err, media.ErrNoVideoTrack):
		return nil, &FileError{Path: path, Rule: RuleCodec, Err: err,
			Detail: "holds no video track (sound only?): the service takes a video"}
	case err == nil && !track.Codec.Accepted():
		return nil, &FileError{Path: path, Rule: RuleCodec, Detail: track.Codec.Refusal(filepath.Base(path))}
	case err != nil:
		track = media.VideoTrack{}
	}
	return &VideoCheck{Path: path, Size: size, Format: format, Duration: d, Track: track}, nil
}

// openMedia opens a file and sniffs its format; failures name the file.
func openMedia(path string) (*os.File, int64, media.Format, error) {
	// What is not a regular file is refused before it is opened: opening a named
	// pipe waits for a writer for ever, deaf to Ctrl+C.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, 0, "", &FileError{Path: path, Rule: RuleUnreadable, Detail: "is not a regular file (" + media.FileKind(st.Mode()) + ")"}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, "", &FileError{Path: path, Rule: RuleUnreadable, Err: err,
			Detail: "cannot be opened: " + pathErrText(err)}
	}
	st, err := f.Stat()
	switch {
	case err != nil:
		f.Close()
		return nil, 0, "", &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be read: " + pathErrText(err)}
	case !st.Mode().IsRegular():
		f.Close()
		return nil, 0, "", &FileError{Path: path, Rule: RuleUnreadable, Detail: "is not a regular file"}
	case st.Size() == 0:
		f.Close()
		return nil, 0, "", &FileError{Path: path, Rule: RuleFormat, Detail: "is empty"}
	}
	head := make([]byte, media.SniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		f.Close()
		return nil, 0, "", &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be read: " + pathErrText(err)}
	}
	return f, st.Size(), media.Sniff(head[:n]), nil
}

func pathErrText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func seenAs(f media.Format) string {
	if f == media.Unknown {
		return " (its content is not a known format)"
	}
	return fmt.Sprintf(" (its content is %s)", strings.ToUpper(string(f)))
}

func roundDur(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%d s", int64(d/time.Second))
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

func contentType(f media.Format) string {
	switch f {
	case media.JPEG:
		return "image/jpeg"
	case media.PNG:
		return "image/png"
	case media.WebP:
		return "image/webp"
	case media.HEIC:
		return "image/heic"
	case media.MP4:
		return "video/mp4"
	case media.MOV:
		return "video/quicktime"
	case media.WebM:
		return "video/webm"
	}
	return "application/octet-stream"
}

// UploadPhoto checks a photo, shrinks it locally when CheckPhoto says so, and streams
// it to the photo upload. Its URLs go into a listing's photos and photos_wm.
//
// A photo leaves without its location and camera data unless the client was made
// WithKeepMetadata(true): a shrunk one because it is encoded afresh (upright, with
// no metadata), any other by media/strip, which drops the metadata's segments or
// chunks without touching the coded pixels and writes the orientation back alone.
// A HEIC whose metadata strip cannot reach is refused (RuleMetadata) rather than
// sent with it. With WithKeepMetadata(true) a photo within the size limit is sent
// byte for byte, unshrunk.
func (c *Client) UploadPhoto(ctx context.Context, path string, progress Progress) (*PhotoResult, error) {
	chk, err := CheckPhoto(path)
	if err != nil {
		return nil, fmt.Errorf("upload photo: %w", err)
	}
	var src io.ReaderAt
	size, name, ctype := chk.Size, filepath.Base(path), contentType(chk.Format)
	if chk.Shrink && (!c.keepMetadata || chk.Size > media.MaxPhotoBytes) {
		data, format, err := shrinkPhoto(ctx, path, chk.Format)
		if err != nil {
			return nil, fmt.Errorf("upload photo: %w", err)
		}
		src, size, ctype = bytes.NewReader(data), int64(len(data)), contentType(format)
		name = strings.TrimSuffix(name, filepath.Ext(name)) + "." + extOf(format)
	} else {
		f, err := openChecked(path, size)
		if err != nil {
			return nil, fmt.Errorf("upload photo: %w", err)
		}
		defer f.Close()
		src = f
		if !c.keepMetadata {
			if src, size, err = withoutMetadata(f, path, size, chk.Format); err != nil {
				return nil, fmt.Errorf("upload photo: %w", err)
			}
		}
	}
	var r PhotoResult
	if err := c.upload(ctx, "upload photo", "/api/v1/upload/photo", src, size, name, ctype, progress, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// UploadVideo checks a video and streams it to the video upload.
func (c *Client) UploadVideo(ctx context.Context, path string, progress Progress) (*VideoResult, error) {
	chk, err := CheckVideo(path)
	if err != nil {
		return nil, fmt.Errorf("upload video: %w", err)
	}
	f, err := openChecked(path, chk.Size)
	if err != nil {
		return nil, fmt.Errorf("upload video: %w", err)
	}
	defer f.Close()
	var r VideoResult
	if err := c.upload(ctx, "upload video", "/api/v1/upload/video", f, chk.Size, filepath.Base(path),
		contentType(chk.Format), progress, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// openChecked opens a checked file again for sending, making sure it still has the
// size that was checked: the body's Content-Length is computed from it.
func openChecked(path string, size int64) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "cannot be opened: " + pathErrText(err)}
	}
	if st, err := f.Stat(); err != nil || st.Size() != size {
		f.Close()
		return nil, &FileError{Path: path, Rule: RuleUnreadable, Err: err, Detail: "changed while it was being checked; try again"}
	}
	return f, nil
}

// upload sends size bytes of src as the multipart part "file". The body is the
// precomputed part head, the file itself and the closing boundary, so its length is
// known exactly and the file is never held in memory. A request that never left the
// machine is retried: it cannot have created anything.
func (c *Client) upload(ctx context.Context, op, path string, src io.ReaderAt, size int64,
	filename, ctype string, progress Progress, out any) error {
	head, tail, formType, err := multipartFrame(filename, ctype)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	total := int64(len(head)) + size + int64(len(tail))
	body := &uploadBody{
		size:        total,
		contentType: formType,
		open: func() (io.ReadCloser, error) {
			r := io.MultiReader(bytes.NewReader(head), io.NewSectionReader(src, 0, size), bytes.NewReader(tail))
			if progress == nil {
				return io.NopCloser(r), nil
			}
			progress(0, total)
			return &countingReader{r: r, total: total, progress: progress}, nil
		},
	}
	return c.do(ctx, &call{op: op, method: http.MethodPost, path: path, upload: body, out: out, retryUnsent: true})
}

// multipartFrame returns what goes before and after the file bytes of a one-part
// multipart body, and the body's Content-Type with its boundary.
func multipartFrame(filename, ctype string) (head, tail []byte, formType string, err error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	h := make(textproto.MIMEHeader)
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="%s"`, quoteFilename(filename)))
	h.Set("Content-Type", ctype)
	if _, err := mw.CreatePart(h); err != nil {
		return nil, nil, "", fmt.Errorf("build the multipart body: %w", err)
	}
	head = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := mw.Close(); err != nil {
		return nil, nil, "", fmt.Errorf("build the multipart body: %w", err)
	}
	return head, bytes.Clone(buf.Bytes()), mw.FormDataContentType(), nil
}

// quoteFilename makes a file name safe inside a quoted header parameter; control
// characters would break the header and quotes or backslashes the quoting.
func quoteFilename(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f:
			b.WriteByte('_')
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "file"
	}
	return b.String()
}

// countingReader reports progress as the transport reads the body.
type countingReader struct {
	r        io.Reader
	sent     atomic.Int64
	total    int64
	progress Progress
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.progress(c.sent.Add(int64(n)), c.total)
	}
	return n, err
}

func (c *countingReader) Close() error { return nil }
