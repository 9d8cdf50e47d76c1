// Package importcmd is `listings import FILE`: a sheet of listings (CSV, XLSX or
// JSON Lines) with photos from disk, checked row by row before anything is sent,
// planned, and carried out as a resumable job (api/jobs/catalog), with a report of every
// row's outcome in the sheet's own format.
package importcmd

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/rules"
	"github.com/listings-tui/listings/api/jobs/catalog"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/importer"
	"github.com/listings-tui/listings/tui/termtext"
)

type options struct {
	dryRun, suggest, yes, skipBad, asJSON, asNew, anywhere bool
	format, report, resume                                 string
}

// NewCmdImport returns `listings import`.
func NewCmdImport(f *cmdutil.Factory) *cobra.Command {
	var o options
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Create and edit listings from a sheet (CSV, XLSX, JSON Lines) with photos from disk",
		Long: `Import a sheet of listings, one row a listing. A row without an id creates a
listing; a row with an id edits that listing, sending only the cells that are filled.

Columns (the header row; names in any case): title, description, price, price_type,
currency, condition, contact_name, contact_phone, hide_phone, and
  category   an id, or a path as listings categories prints it, in uk, ru or en
             ("Електроніка > Телефони та аксесуари > Мобільні телефони"); empty with
             --suggest asks the AI suggestion, shown in the plan for confirmation
  city       a place name ("Львів", "Бровари, Київська") or a city_ref
  photos     paths or globs relative to the sheet ("photos/bike-*.jpg"), or URLs
             already uploaded, separated by ";"; also video (one) and photos_3d;
             files outside the sheet's folder only with --files-anywhere, and the
             plan lists every file it will upload
  attr.CODE  the category's attributes (listings attributes ID): a select takes its
             value or its label in any language, a range "from-to"
category_id and city_ref are read too, and an export's status, url, views, … are
ignored. A column no import reads is named in the plan.

--new ignores the id column, so that every row creates a listing: an export of one
account imported into another (listings export --status all --detail), or listings
copied within one.

Every row is checked before anything is sent: the create rules, the category and its
attributes, the city (one search per distinct name), the files (format, size, video
duration). Photos leave without their location and camera data (GPS, camera serial,
owner, XMP, IPTC, comments, thumbnails), their pixels untouched and their
orientation kept; --keep-metadata sends them as they are. The plan says what will be
created and edited, what was imported before
and is unchanged, every refused row with its row number, column and reason, the
uploads, the requests in all and the time under the key's budget. If any row is
refused, nothing is sent: fix those rows and run again, or --skip-bad to import the
others now (running again later imports the fixed ones and nothing twice).

The import runs as a job journaled in the data directory (jobs/<job>.jsonl): each
row's uploads are done once and kept, each create is journaled before it is sent. A
job stopped by Ctrl+C, a crash or the day's budget is resumed with --resume JOB (or
listings jobs resume JOB); a create whose answer was lost is looked for among the
account's listings before it is sent again. Running the same sheet again creates
nothing twice: a row imported before is recognised by its cells and skipped, or, if
its title is the same and other cells changed, becomes an edit of its listing
sending only what changed.

--report FILE writes the sheet back in its format with the columns result,
listing_id, status, url, error_column and error; --json prints one object per row.
Exit status: 0 every row done, 1 a row refused or failed, 2 a bad sheet or flag,
4 the key's budget, 130 Ctrl+C (the rows in flight are finished and journaled).`,
		Example: `  listings import stock.xlsx --dry-run
  listings import stock.csv --report stock-report.csv
  listings import stock.csv --skip-bad --suggest --yes
  listings import catalogue.xlsx --new   # an export of another account
  listings import --resume 20261124-224900-import`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.resume != "" {
				return cobra.NoArgs(cmd, args)
			}
			if len(args) != 1 {
				return cmdutil.Usage("cli.import.no_file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.resume != "" {
				p, err := cmdutil.JobPath(f.Getenv, o.resume)
				if err != nil {
					return err
				}
				return Resume(cmd.Context(), f, p, o.report, o.format, o.asJSON)
			}
			return run(cmd.Context(), f, args[0], o)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&o.dryRun, "dry-run", false, "check every row and print the plan; send nothing")
	fl.BoolVar(&o.suggest, "suggest", false, "ask the AI suggestion for rows without a category")
	fl.BoolVar(&o.yes, "yes", false, "take the suggested categories without asking")
	fl.BoolVar(&o.skipBad, "skip-bad", false, "import the good rows even when some are refused")
	fl.BoolVar(&o.asNew, "new", false, "ignore the id column: every row creates a listing (an export copied into another account)")
	fl.BoolVar(&o.anywhere, "files-anywhere", false, "read photo, video and 3D files from anywhere on disk, not only from the sheet's folder and below")
	fl.StringVar(&o.format, "format", "", "the sheet's format: csv, xlsx or jsonl (default: by the file's extension)")
	fl.StringVar(&o.report, "report", "", "write every row's outcome to `FILE`, in the sheet's format")
	fl.StringVar(&o.resume, "resume", "", "carry out what is left of import `JOB`")
	cmdutil.AddKeepMetadataFlag(cmd, f)
	cmdutil.AddJSONFlag(cmd, &o.asJSON)
	return cmd
}

func sheetFormat(path, flag string) (sheet.Format, error) {
	if flag != "" {
		f, err := sheet.ParseFormat(flag)
		if err != nil {
			return "", cmdutil.UsageErrorf("--format: %s", importer.SheetError(err))
		}
		return f, nil
	}
	f, err := sheet.FormatOf(path)
	if err != nil {
		return "", cmdutil.UsageErrorf("%s", importer.SheetError(err))
	}
	return f, nil
}

func run(ctx context.Context, f *cmdutil.Factory, file string, o options) error {
	stderr := f.IOStreams.ErrOut
	sf, err := sheetFormat(file, o.format)
	if err != nil {
		return err
	}
	if o.report != "" {
		if _, err := sheetFormat(o.report, string(sf)); err != nil {
			return err
		}
	}
	// With --new an export without its id column is no risk of duplicates: the
	// reader refuses one only without it.
	t, err := sheet.Options{New: o.asNew}.Read(file, sf)
	if err != nil {
		return cmdutil.UsageErrorf("%s", termtext.Clean(importer.SheetError(err)))
	}
	if o.asNew {
		// An export's ids are another account's listings (or the same account's,
		// copied): with --new none is edited.
		for _, r := range t.Rows {
			delete(r.Cells, "id")
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	jobs, err := cmdutil.JobsDir(f.Getenv)
	if err != nil {
		return err
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	s.LearnLimits(ctx, -1)
	fmt.Fprintln(stderr, i18n.N("cli.import.checking", len(t.Rows), "N", len(t.Rows), "File", filepath.Base(file)))
	cached, done := f.CachedClient(ctx, s) // the taxonomy and cities of the day, kept in the mirror
	defer done()
	plan, err := catalog.Check(ctx, cached, t, catalog.Options{Lang: s.Lang, Suggest: o.suggest, Dir: filepath.Dir(abs), FilesAnywhere: o.anywhere,
		Sheet: catalog.SheetID(abs), File: abs, BaseURL: s.BaseURL, JobsDir: jobs})
	var unfinished *catalog.UnfinishedError
	switch {
	case errors.As(err, &unfinished):
		return cmdutil.Fail(nil, "cli.import.unfinished", "Err", err.Error(), "Job", unfinished.Jobs[0])
	case err != nil:
		return cmdutil.Explain(err)
	}
	printPlan(f, plan, s.Client.KeepsMetadata())
	results := catalog.Results(plan.Header, nil)
	end := func(results []catalog.Result, runErr error, job string) error {
		return finish(ctx, f, o, sf, plan.Header.Columns, results, runErr, job)
	}
	switch {
	case o.dryRun:
		fmt.Fprintln(stderr, i18n.T("cli.import.dry_run"))
		return end(results, nil, "")
	case plan.Refused > 0 && !o.skipBad:
		hint := i18n.T("cli.import.report_hint")
		if o.report != "" {
			hint = i18n.T("cli.import.report_in", "Report", o.report)
		}
		fmt.Fprintln(stderr, i18n.N("cli.import.refused", plan.Refused, "N", plan.Refused, "Hint", hint))
		return end(results, nil, "")
	case plan.Requests == 0:
		return end(results, nil, "")
	}
	if err := confirmSuggestions(f, plan, o); err != nil {
		return err
	}
	j, err := catalog.NewJob(jobs, plan.Header, time.Now())
	if err != nil {
		return err
	}
	defer j.Close()
	fmt.Fprintf(stderr, "job %s (journal %s)\n", j.Head.Job, j.Path)
	runErr := runJob(ctx, f, s, j)
	return end(catalog.Results(*j.Head, j), runErr, j.Head.Job)
}

// printPlan writes the plan on stderr: its summary, each refused row with its
// problems, each row whose category was suggested, and each cell read otherwise than
// written (a phone whose + a spreadsheet dropped).
func printPlan(f *cmdutil.Factory, p *catalog.Plan, keep bool) {
	w := f.IOStreams.ErrOut
	for _, l := range importer.Summary(p) { // the app's words for it
		fmt.Fprintln(w, termtext.Clean(l))
	}
	for _, r := range p.Header.Rows {
		for _, l := range r.ProblemLinesIn(problemWords) {
			fmt.Fprintf(w, "  %s: %s\n", i18n.T("cli.plan.row", "Row", r.Line), termtext.Clean(l))
		}
		for _, n := range r.Notes {
			if strings.HasPrefix(n, catalog.NoteSuggested) {
				fmt.Fprintf(w, "  %s: %s\n", i18n.T("cli.plan.row", "Row", r.Line), termtext.Clean(n))
			}
		}
	}
	for _, l := range p.FixLinesIn(problemWords, true) {
		fmt.Fprintf(w, "  %s\n", termtext.Clean(l))
	}
	if files := p.FileLines(filepath.Dir(p.Header.File)); len(files) > 0 {
		fmt.Fprintln(w, i18n.T("cli.import.files"))
		for _, l := range files {
			fmt.Fprintf(w, "  %s\n", termtext.Clean(l))
		}
		if p.SendsPhotos() {
			fmt.Fprintln(w, api.MetadataLine(keep))
		}
	}
}

// problemWords says a row's problem in the language of the human text (the app's
// words for it: the importer's catalog entries).
func problemWords(w rules.Why) string { return i18n.Reason("importer.why.", w) }

// confirmSuggestions asks before listings go in categories the AI chose: on a
// terminal a y/N question, else --yes is needed.
func confirmSuggestions(f *cmdutil.Factory, p *catalog.Plan, o options) error {
	rows, _ := p.Suggested()
	n := len(rows)
	if n == 0 || o.yes {
		return nil
	}
	if !f.IOStreams.IsStdinTTY {
		return cmdutil.Usage("cli.import.suggested_yes", "N", n)
	}
	fmt.Fprint(f.IOStreams.ErrOut, i18n.T("cli.import.suggested_ask", "N", n)+" [y/N] ")
	answer, _ := bufio.NewReader(f.IOStreams.In).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return cmdutil.Fail(nil, "cli.import.suggested_no")
	}
	return nil
}

// Resume carries out what is left of the import journaled at path, on the service
// it was started on, and reports every row as the import that started it.
func Resume(ctx context.Context, f *cmdutil.Factory, path, report, formatFlag string, asJSON bool) error {
	j, err := catalog.OpenJob(path)
	if err != nil {
		return cmdutil.NewError(termtext.Clean(err.Error()), err)
	}
	defer j.Close()
	sf, err := sheetFormat(j.Head.File, formatFlag)
	if err != nil && report != "" {
		if sf, err = sheetFormat(report, formatFlag); err != nil {
			return err
		}
	}
	s, err := f.Session(ctx)
	if err != nil {
		return err
	}
	if err := cmdutil.SameService(&j.Head.Info, s); err != nil {
		return err
	}
	done, failed, left := j.Counts()
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.import.job", "Job", j.Head.Job, "Sheet", j.Head.Sheet, "Done", done, "Failed", failed, "Left", left))
	s.LearnLimits(ctx, left)
	runErr := runJob(ctx, f, s, j)
	o := options{report: report, asJSON: asJSON}
	return finish(ctx, f, o, sf, j.Head.Columns, catalog.Results(*j.Head, j), runErr, j.Head.Job)
}

// Show prints every row's outcome of the import journaled at path, without taking
// its lock (the job may be running elsewhere): listings jobs show JOB.
func Show(f *cmdutil.Factory, path string, asJSON bool) error {
	j, err := catalog.PeekJob(path)
	if err != nil {
		return cmdutil.NewError(termtext.Clean(err.Error()), err)
	}
	done, failed, left := j.Counts()
	fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.import.job_created", "Job", j.Head.Job, "Sheet", j.Head.Sheet,
		"Created", j.Head.Created.In(api.Kyiv).Format(time.DateTime), "Done", done, "Failed", failed, "Left", left))
	results := catalog.Results(*j.Head, j)
	if asJSON {
		return printJSON(f, results)
	}
	return printResults(f, results)
}
