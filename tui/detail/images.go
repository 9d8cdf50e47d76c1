package detail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // decoders for the preview: the service serves JPEG, PNG and WebP
	_ "image/png"
	"io"
	"net/http"
	"time"

	_ "golang.org/x/image/webp"
)

// Limits of a preview download: the service's photos are at most 12 MiB and 1600 px,
// so anything far beyond is not a photo of a listing.
const (
	maxImageBytes  = 15 << 20
	maxImagePixels = 50_000_000
	fetchTimeout   = 20 * time.Second
)

// HTTPImages returns an ImageFetcher that GETs a URL with hc (http.DefaultClient when
// nil), reads at most 15 MB and decodes JPEG, PNG or WebP.
func HTTPImages(hc *http.Client) ImageFetcher {
	if hc == nil {
		hc = http.DefaultClient
	}
	return func(ctx context.Context, url string) (image.Image, error) {
		ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, fmt.Errorf("bad photo URL: %w", err)
		}
		req.Header.Set("Accept", "image/webp,image/png,image/jpeg")
		resp, err := hc.Do(req)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, errors.New("the photo took too long to download")
			}
			return nil, fmt.Errorf("download failed: %w", err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("the server answered %s", resp.Status)
		}
		data, err := io.ReadAll(io.LimitReader(resp.Body, maxImageBytes+1))
		if err != nil {
			return nil, fmt.Errorf("download interrupted: %w", err)
		}
		if len(data) > maxImageBytes {
			return nil, errors.New("the photo is larger than 15 MB")
		}
		return decodeImage(data)
	}
}

// decodeImage checks the declared size before decoding, so a small file cannot claim
// gigapixels, and turns a decoder panic on hostile data into an error.
func decodeImage(data []byte) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("the photo could not be decoded: %v", r)
		}
	}()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, image.ErrFormat) {
			return nil, errors.New("not a JPEG, PNG or WebP image")
		}
		return nil, fmt.Errorf("the photo could not be read: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > maxImagePixels {
		return nil, fmt.Errorf("the photo's size %d×%d is out of range", cfg.Width, cfg.Height)
	}
	img, _, err = image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("the %s photo could not be decoded: %w", format, err)
	}
	return img, nil
}
