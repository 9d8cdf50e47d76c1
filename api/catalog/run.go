package catalog

import (
	"context"
	"errors"
	"slices"
	"sync"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/bulk"
	"github.com/listings-tui/listings/api/rules"
)

// Event is what happened to a row, for a progress line or panel.
type Event struct {
	Row     Row
	Outcome Outcome
}

// Run carries out what is left of the journal's job, Workers rows at a time within
// the client's budget. Each row uploads its files (those journaled by an earlier run
// are reused), then its create or edit is journaled and sent; a create in doubt from
// an earlier run is looked for among the listings before it is sent again. A refusal
// is recorded on its row and the job goes on; a failure that would stop every row
// stops the job (bulk.ErrStopped, as a bulk job). A cancelled ctx starts nothing more: a request already
// on its way is carried to its answer and journaled, and a wait for the budget is
// given up when the client's AbandonWaits is called (the caller's part). Its requests
// are background work (api.Background), as a bulk job's: they leave the reserve of
// the key's budget to the person, and yield to the requests the person waits for.
func Run(ctx context.Context, svc Service, j *Journal, onEvent func(Event)) error {
	ctx = api.Background(ctx)
	left := j.Left()
	next := make(chan Row)
	var mu sync.Mutex
	var stop error
	var wg sync.WaitGroup
	for range min(Workers, len(left)) {
		wg.Go(func() {
			for r := range next {
				mu.Lock()
				stopped := stop
				mu.Unlock()
				if stopped != nil || ctx.Err() != nil {
					continue
				}
				if err := runRow(ctx, svc, j, r); err != nil {
					mu.Lock()
					if stop == nil {
						stop = err
					}
					mu.Unlock()
					continue
				}
				if onEvent != nil {
					onEvent(Event{Row: r, Outcome: j.Outcome(r.Line)})
				}
			}
		})
	}
	for _, r := range left {
		next <- r
	}
	close(next)
	wg.Wait()
	switch {
	case ctx.Err() != nil || errors.Is(stop, context.Canceled):
		return context.Canceled
	case stop != nil:
		return &bulk.ErrStopped{Cause: stop}
	}
	return nil
}

// runRow does one row; it returns an error only for what stops the job.
func runRow(ctx context.Context, svc Service, j *Journal, r Row) error {
	inDoubt := j.Outcome(r.Line).State == InDoubt
	if inDoubt && r.Action == Create {
		found, err := reconcile(ctx, svc, j, r)
		if err != nil || found {
			return err
		}
	}
	media, err := upload(ctx, svc, j, r)
	if err != nil || media == nil {
		return err
	}
	if inDoubt && r.Action == Edit {
		// An edit sent before whose answer was lost: if the listing holds every
		// field of it, it was applied, and sending it again would only restart the
		// listing's review.
		d, err := svc.GetListing(ctx, r.ListingID, j.Head.Lang)
		if err == nil && rules.Unheld(editBody(r, media), &d.Listing, true).Empty() {
			return j.write(event{Row: r.Line, Ev: "ok", ID: r.ListingID, Status: string(d.Listing.Status)})
		}
	}
	for try := 0; ; try++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := j.write(event{Row: r.Line, Ev: "send"}); err != nil {
			return err // a step that cannot be journaled must not be sent
		}
		e := event{Row: r.Line, Ev: "ok"}
		err = detach(ctx, func(ctx context.Context) error {
			if r.Action == Create {
				res, err := svc.CreateListing(ctx, createBody(r, media))
				if err == nil {
					e.ID, e.Status, e.URL = res.ListingID, string(res.Status), res.URL
				}
				return err
			}
			res, err := svc.EditListing(ctx, r.ListingID, editBody(r, media))
			if err == nil {
				e.ID, e.Status = r.ListingID, string(res.Status)
			}
			return err
		})
		if err == nil {
			return j.write(e)
		}
		if !api.IsRateLimit(err) || api.IsDailyLimit(err) || try == 2 {
			return settle(j, r, err, inDoubt)
		}
		// A 429 is refused before anything is done (another program spends the key):
		// the client holds the next request until the service's window lifts.
		if err := j.write(event{Row: r.Line, Ev: "unsent"}); err != nil {
			return err
		}
	}
}

// settle journals a failed send; it returns an error for what stops the job.
func settle(j *Journal, r Row, err error, wasInDoubt bool) error {
	var e *api.Error
	switch {
	case errors.Is(err, api.ErrWaitAbandoned), errors.Is(err, context.Canceled):
		// Given up before it was sent: a request on its way is never cancelled
		// (detach), so a cancellation means nothing left the machine.
		return errors.Join(j.write(event{Row: r.Line, Ev: "unsent"}), context.Canceled)
	case api.IsUnreachable(err):
		return err // the answer is lost: the row stays in doubt, looked for on resume
	case bulk.StopsJob(err):
		return errors.Join(j.write(event{Row: r.Line, Ev: "unsent"}), err)
	case api.IsCode(err, api.CodeDuplicate) && errors.As(err, &e) && e.ExistingListingID > 0 && wasInDoubt:
		// The create sent before was made after all, and not found among the newest
		// listings (the list's order is not stated): this is it.
		return j.write(event{Row: r.Line, Ev: "found", ID: e.ExistingListingID})
	}
	f := event{Row: r.Line, Ev: "fail", Code: "error", Hint: err.Error()}
	if errors.As(err, &e) {
		f.Code, f.Hint, f.Field, f.ID = e.Code, e.Hint, e.Field, e.ExistingListingID
	}
	return j.write(f)
}

// detach runs call to its answer even if ctx is cancelled meanwhile, so that what
// was sent is journaled with its answer, not left in doubt.
func detach(ctx context.Context, call func(context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return call(context.WithoutCancel(ctx))
}

// upload uploads the row's files not uploaded yet, each journaled with its URLs, and
// returns every medium by kind with its URLs; nil with no error when the row failed
// (a file refused, recorded on the row).
func upload(ctx context.Context, svc Service, j *Journal, r Row) (map[string][]Medium, error) {
	out := map[string][]Medium{}
	for _, kind := range []string{KindPhoto, KindVideo, Kind3D} {
		ms, ok := r.Media[kind]
		if !ok {
			continue
		}
		done := slices.Clone(ms)
		for i, m := range ms {
			if m.URL != "" {
				continue
			}
			if got, ok := j.medium(r.Line, kind, i); ok {
				done[i] = got
				continue
			}
			e := event{Row: r.Line, Ev: "upload", Kind: kind, I: i}
			err := detach(ctx, func(ctx context.Context) error {
				if kind == KindVideo {
					v, err := svc.UploadVideo(ctx, m.Path, nil)
					if err == nil {
						e.URL, e.Thumb = v.URL, v.Thumbnail
					}
					return err
				}
				p, err := svc.UploadPhoto(ctx, m.Path, nil)
				if err == nil {
					e.URL, e.URLWM = p.URL, p.URLWM
				}
				return err
			})
			switch {
			case errors.Is(err, api.ErrWaitAbandoned):
				return nil, context.Canceled
			case err == nil:
			case errors.Is(err, context.Canceled), api.IsUnreachable(err), bulk.StopsJob(err):
				return nil, err // nothing journaled: the file is uploaded again on resume
			default:
				code := "upload_failed"
				var fe *api.FileError
				if ae, ok := api.AsError(err); ok {
					code = ae.Code
				} else if errors.As(err, &fe) {
					code = "file_" + fe.Rule
				}
				return nil, j.write(event{Row: r.Line, Ev: "fail", Code: code, Field: kind, Hint: err.Error()})
			}
			if err := j.write(e); err != nil {
				return nil, err
			}
			done[i] = Medium{URL: e.URL, URLWM: e.URLWM, Thumb: e.Thumb}
		}
		out[kind] = done
	}
	return out, nil
}

// createBody is the row's create body with its media's URLs.
func createBody(r Row, media map[string][]Medium) *api.ListingCreate {
	b := *r.Create
	b.Photos, b.PhotosWM = photoURLs(media[KindPhoto])
	for _, m := range media[Kind3D] {
		b.Photos3D = append(b.Photos3D, m.URL)
	}
	if v := media[KindVideo]; len(v) > 0 {
		b.VideoURL, b.VideoThumbnail = v[0].URL, v[0].Thumb
	}
	return &b
}

// editBody is the row's edit with the media sets it replaces.
func editBody(r Row, media map[string][]Medium) *api.ListingEdit {
	e := *r.Edit
	if ms, ok := media[KindPhoto]; ok {
		urls, wm := photoURLs(ms)
		e.Photos = api.Set(urls)
		if wm != nil || len(ms) == 0 {
			e.PhotosWM = api.Set(wm) // the copies with their photos, or none with none
		}
	}
	if ms, ok := media[Kind3D]; ok {
		var urls []string
		for _, m := range ms {
			urls = append(urls, m.URL)
		}
		e.Photos3D = api.Set(urls)
	}
	switch v, ok := media[KindVideo]; {
	case ok && len(v) > 0:
		e.VideoURL = api.Set(v[0].URL)
		if v[0].Thumb != "" {
			e.VideoThumbnail = api.Set(v[0].Thumb)
		}
	case ok: // cleared
		e.VideoURL, e.VideoThumbnail = api.Null[string](), api.Null[string]()
	}
	return &e
}

// photoURLs are the photos' URLs and their watermarked copies; the copies are left
// out when one is missing (a URL from the sheet without its pair): the service makes
// them then.
func photoURLs(ms []Medium) (urls, wm []string) {
	for _, m := range ms {
		urls = append(urls, m.URL)
		wm = append(wm, m.URLWM)
	}
	if slices.Contains(wm, "") {
		wm = nil
	}
	return urls, wm
}
