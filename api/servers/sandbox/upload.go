package sandbox

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/api/servers/sandbox/mediastore"
)

// multipartSlack is what a multipart request may carry beyond its file: boundaries,
// part headers and small fields.
const multipartSlack = 1 << 20

// capReader fails once more than limit bytes were read, whatever the reader on top
// does with the error, so an oversize file is always recognised.
type capReader struct {
	r        io.Reader
	left     int64
	exceeded bool
}

var errCapExceeded = errors.New("file exceeds the size limit")

func (c *capReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		c.exceeded = true
		return 0, errCapExceeded
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		c.exceeded = true
		return n, errCapExceeded
	}
	return n, err
}

func (s *Server) uploadPhoto(c *call) { s.upload(c, true) }

func (s *Server) uploadVideo(c *call) { s.upload(c, false) }

// upload streams the part `file` of a multipart/form-data body into the media store.
func (s *Server) upload(c *call, photo bool) {
	limit, kind := int64(media.MaxPhotoBytes), "photo files are at most "+atMost(media.MaxPhotoBytes)
	if !photo {
		limit, kind = media.MaxVideoBytes, "video files are at most "+atMost(media.MaxVideoBytes)
	}
	mt, _, err := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		c.fail(errUnsupportedMedia("multipart/form-data with the file in a part named file"))
		return
	}
	if c.r.ContentLength > limit+multipartSlack {
		c.fail(errTooLarge(kind))
		return
	}
	c.r.Body = http.MaxBytesReader(c.w, c.r.Body, limit+multipartSlack)
	mr, err := c.r.MultipartReader()
	if err != nil {
		c.fail(errMultipart(err))
		return
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			c.fail(fail422("file", "required", "send the file in a multipart part named file"))
			return
		}
		if err != nil {
			c.fail(uploadError(err, kind))
			return
		}
		if part.FormName() != "file" {
			if _, err := io.Copy(io.Discard, part); err != nil {
				c.fail(uploadError(err, kind))
				return
			}
			continue
		}
		s.store(c, part, photo, limit, kind)
		return
	}
}

func (s *Server) store(c *call, part *multipart.Part, photo bool, limit int64, kind string) {
	cr := &capReader{r: part, left: limit}
	if photo {
		p, err := s.media.PutPhoto(cr)
		if err != nil {
			c.fail(s.storeError(err, cr, kind))
			return
		}
		c.ok(http.StatusCreated, obj{{"url", c.base() + "/media/" + p.Name},
			{"url_wm", c.base() + "/media/" + p.NameWM}, {"width", p.Width}, {"height", p.Height}})
		return
	}
	v, err := s.media.PutVideo(cr)
	if err != nil {
		c.fail(s.storeError(err, cr, kind))
		return
	}
	c.ok(http.StatusCreated, obj{{"url", c.base() + "/media/" + v.Name},
		{"thumbnail", c.base() + "/media/" + v.Thumbnail}})
}

// storeError maps a media store failure to its documented answer.
func (s *Server) storeError(err error, cr *capReader, kind string) *apiError {
	var long *mediastore.VideoTooLongError
	var tooBig *media.TooBigError
	var refusal *mediastore.Refusal
	switch {
	case errors.As(err, &refusal) && errors.Is(err, mediastore.ErrUnsupportedVideo):
		// A sentence already: what the file is, why, what to do.
		return newError(http.StatusUnsupportedMediaType, "unsupported_video_format", refusal.Error())
	case errors.As(err, &refusal):
		return newError(http.StatusUnsupportedMediaType, "unsupported_image_format", refusal.Error())
	case errors.As(err, &tooBig):
		// Within the file size, but a picture too large to convert: the hint says
		// which bound it is over and what to send instead, not the file size limit.
		return errTooLarge("the photo is within " + media.FileSize(media.MaxPhotoBytes) + " but too large to convert: " + tooBig.Error())
	case cr.exceeded, errors.Is(err, mediastore.ErrTooLarge), errors.Is(err, errCapExceeded):
		return errTooLarge(kind)
	case errors.Is(err, mediastore.ErrUnsupportedImage):
		return newError(http.StatusUnsupportedMediaType, "unsupported_image_format",
			"send a JPG, PNG, WebP or HEIC image ("+err.Error()+")")
	case errors.Is(err, mediastore.ErrUnsupportedVideo):
		return newError(http.StatusUnsupportedMediaType, "unsupported_video_format",
			"send an MP4, MOV or WebM video with H.264 or H.265 ("+err.Error()+")")
	case errors.As(err, &long):
		return fail422("file", "video_too_long", fmt.Sprintf(
			"the video is %s long; at most %s is accepted, trim it and upload again",
			long.Duration.Round(100*time.Millisecond), media.MaxVideoDuration))
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, io.ErrUnexpectedEOF) {
		return uploadError(err, kind)
	}
	if s.logf != nil {
		s.logf("media store: %v", err)
	}
	return errInternal()
}

// uploadError maps a failure to read the request itself.
func uploadError(err error, kind string) *apiError {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || errors.Is(err, errCapExceeded) {
		return errTooLarge(kind)
	}
	return errMultipart(err)
}

// errMultipart answers a body that is not valid multipart/form-data. The 400 codes
// documented are invalid_json and invalid_parameter; a broken multipart body fits
// neither, so it gets its own code.
func errMultipart(err error) *apiError {
	return newError(http.StatusBadRequest, "invalid_multipart",
		"the body is not valid multipart/form-data ("+err.Error()+"); send the file in a part named file")
}

// atMost states a limit in the spec's unit and in bytes: "12 MB (12 000 000 bytes)".
func atMost(limit int64) string { return media.FileSize(limit) + " (" + media.ExactBytes(limit) + ")" }
