package catalog

import (
	"context"
	"errors"
	"slices"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/job"
)

// Event is what happened to a row, for a progress line or panel.
type Event struct {
	Row     Row
	Outcome Outcome
}

// Sender is what running an import needs; *api.Client and every job.Service satisfy
// it.
type Sender interface {
	GetListing(ctx context.Context, id int, lang string) (*api.ListingDetail, error)
	ListListings(ctx context.Context, p api.ListParams) (*api.ListPage, error)
	CreateListing(ctx context.Context, l *api.ListingCreate) (*api.CreateResult, error)
	EditListing(ctx context.Context, id int, e *api.ListingEdit) (*api.EditResult, error)
	UploadPhoto(ctx context.Context, path string, progress api.Progress) (*api.PhotoResult, error)
	UploadVideo(ctx context.Context, path string, progress api.Progress) (*api.VideoResult, error)
}

// Run carries out what is left of the journal's job, job.Workers rows at a time
// within the client's budget. Each row uploads its files one after another (those
// journaled by an earlier run are reused), so at most three uploads run at once, then its create or edit is journaled and sent; a create in
// doubt from an earlier run is looked for among the listings before it is sent again.
// A refusal is recorded on its row and the job goes on; a failure that would stop
// every row stops the job (job.ErrStopped). ctx's end starts nothing more, under the
// pause rule (job.Call): a request already written is carried to its answer and
// journaled, one still waiting for the budget is given up (its row journaled unsent,
// an upload not made is made on resume). Its requests are background work
// (api.Background): they leave the reserve of the key's budget to the person, and
// yield to the requests the person waits for.
func Run(ctx context.Context, svc Sender, j *Journal, onEvent func(Event)) error {
	ctx = api.Background(ctx)
	stop := job.Each(ctx, j.Left(), func(r Row) error {
		if err := runRow(ctx, svc, j, r); err != nil {
			return err
		}
		if onEvent != nil {
			onEvent(Event{Row: r, Outcome: j.Outcome(r.Line)})
		}
		return nil
	})
	switch {
	case ctx.Err() != nil || errors.Is(stop, context.Canceled):
		return context.Canceled
	case stop != nil:
		return &job.ErrStopped{Cause: stop}
	}
	return nil
}

// runRow does one row; it returns an error only for what stops the job.
func runRow(ctx context.Context, svc Sender, j *Journal, r Row) error {
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
		d, err := job.Call(ctx, func(ctx context.Context) (*api.ListingDetail, error) {
			return svc.GetListing(ctx, r.ListingID, j.Head.Lang)
		})
		if err == nil && rules.Unheld(editBody(r, media), &d.Listing, true).Empty() {
			return j.Record(job.Event{Row: r.Line, Ev: "ok", ID: r.ListingID, Status: string(d.Listing.Status)})
		}
	}
	return j.Send(ctx, r.Line, func(ctx context.Context) (job.Event, error) {
		if r.Action == Create {
			res, err := svc.CreateListing(ctx, createBody(r, media))
			var e *api.Error
			if api.IsCode(err, api.CodeDuplicate) && errors.As(err, &e) && e.ExistingListingID > 0 && inDoubt {
				// The create sent before was made after all, and not found among the
				// newest listings (the list's order is not stated): this is it.
				return job.Event{Ev: "found", ID: e.ExistingListingID}, nil
			}
			if err != nil {
				return job.Event{}, err
			}
			return job.Event{ID: res.ListingID, Status: string(res.Status), URL: res.URL}, nil
		}
		res, err := svc.EditListing(ctx, r.ListingID, editBody(r, media))
		if err != nil {
			return job.Event{}, err
		}
		return job.Event{ID: r.ListingID, Status: string(res.Status)}, nil
	})
}

// upload uploads the row's files not uploaded yet, each journaled with its URLs, and
// returns every medium by kind with its URLs; nil with no error when the row failed
// (a file refused, recorded on the row).
func upload(ctx context.Context, svc Sender, j *Journal, r Row) (map[string][]Medium, error) {
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
			e := job.Event{Row: r.Line, Ev: "upload", Medium: kind, I: i}
			_, err := job.Call(ctx, func(ctx context.Context) (struct{}, error) {
				if kind == KindVideo {
					v, err := svc.UploadVideo(ctx, m.Path, nil)
					if err == nil {
						e.URL, e.Thumb = v.URL, v.Thumbnail
					}
					return struct{}{}, err
				}
				p, err := svc.UploadPhoto(ctx, m.Path, nil)
				if err == nil {
					e.URL, e.URLWM = p.URL, p.URLWM
				}
				return struct{}{}, err
			})
			switch {
			case job.NotSent(err):
				return nil, context.Canceled // uploaded on resume
			case err == nil:
			case errors.Is(err, context.Canceled), api.IsUnreachable(err), job.StopsJob(err):
				return nil, err // nothing journaled: the file is uploaded again on resume
			default:
				code := "upload_failed"
				var fe *api.FileError
				if ae, ok := api.AsError(err); ok {
					code = ae.Code
				} else if errors.As(err, &fe) {
					code = "file_" + fe.Rule
				}
				return nil, j.Record(job.Event{Row: r.Line, Ev: "fail", Code: code, Field: kind, Hint: err.Error(), Again: job.Transient(err)})
			}
			if err := j.Record(e); err != nil {
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
