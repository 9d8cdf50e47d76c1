package detail

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"time"

	apimedia "github.com/listings-tui/listings/api/client/media"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/termimg"
)

// Limits of a preview download: the service's photos are at most 12 MB and 1600 px,
// so anything far beyond is not a photo of a listing. Its decode is bounded like an
// upload's, by the memory its header says it takes (apimedia.MaxDecodeBytes).
const (
	maxImageBytes = 15_000_000
	fetchTimeout  = 20 * time.Second
)

// maxDecodeBytes is apimedia.MaxDecodeBytes, a variable for the tests.
var maxDecodeBytes int64 = apimedia.MaxDecodeBytes

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
			return nil, fmt.Errorf("%s: %w", i18n.T("detail.photo.bad_url"), err)
		}
		req.Header.Set("Accept", "image/webp,image/png,image/jpeg")
		resp, err := hc.Do(req)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, errors.New(i18n.T("detail.photo.too_slow"))
			}
			return nil, fmt.Errorf("%s: %w", i18n.T("detail.photo.failed"), err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, errors.New(i18n.T("detail.photo.status", "Status", resp.Status))
		}
		data, err := io.ReadAll(io.LimitReader(resp.Body, maxImageBytes+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", i18n.T("detail.photo.interrupted"), err)
		}
		if len(data) > maxImageBytes {
			return nil, errors.New(i18n.T("detail.photo.too_large", "Size", apimedia.FileSize(maxImageBytes)))
		}
		return decodeImage(data)
	}
}

// decodeImage is termimg.Decode within the preview's bound.
func decodeImage(data []byte) (image.Image, error) { return termimg.Decode(data, maxDecodeBytes) }
