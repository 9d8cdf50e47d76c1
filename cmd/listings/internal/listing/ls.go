// Package listing owns the commands about the account's own listings: ls, show,
// create, edit, activate, deactivate and watch.
package listing

import (
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// listFields are the list-view fields of the spec, the names --fields accepts.
var listFields = []string{
	"id", "slug", "title", "price", "currency", "condition", "city", "status", "views",
	"vip", "top", "vip_until", "top_until", "photo", "photos", "url", "created_at",
}

// defaultColumns are the table's columns when --fields is not given.
var defaultColumns = []string{"id", "status", "price", "title", "city", "created_at"}

// serviceStatuses are the values of the API's status filter (spec, "States and
// transitions"); localStatuses are the states it does not offer, which ls finds in
// status=all itself.
var (
	serviceStatuses = []string{"active", "inactive", "sold", "archived", "all"}
	localStatuses   = []string{"pending", "blocked"}
	listStatuses    = slices.Concat(serviceStatuses, localStatuses)
)

type lsOptions struct {
	status string
	limit  int
	cursor int
	all    bool
	fields string
	asJSON bool

	reasons int // moderation blocks to read at most (lsreasons.go)

	search  string // these answer from the local mirror (lsmirror.go)
	sort    string
	reverse bool
}

// NewCmdLs returns `listings ls`.
func NewCmdLs(f *cmdutil.Factory) *cobra.Command {
	var o lsOptions
	cmd := &cobra.Command{
		Use:   "ls",
		Short: "List your listings",
		Long: `List your own listings, newest first, as a table.

--status filters by state (default active); "all" shows every state. The API's
filter offers no pending or blocked, so for those ls asks for status=all and keeps
the matching listings itself:
  with --all      every page of all is read and only the matches are printed
  without --all   one page of all (--limit listings) is read and its matches are
                  printed: a page may hold fewer rows than --limit, even none while
                  more pages follow; the next cursor goes on over all, not over the
                  matches, so follow it until there is none
With pending or blocked, ls also reads why: the list view has no moderation block,
so it reads each listing once (a request each, said on stderr before the first one)
and adds a REASON column; in JSON each of those listings gets "moderation" (the
block as the service sent it, null when it has none) and "reason" (a string or
null). --reasons N reads at most N of them (default 50; 0 reads none); the others
show "(not read)" and have neither key, and stderr says how many.
--fields asks the service for fewer fields, which makes the answer smaller; the
table then shows those columns (id is always included). A price of 0 shows as
free/exchange: the list view does not say which (listings show ID does).

JSON output is one array of listing objects, with --all or without:
  without --all   one page; when more follow, stderr ends with the footer
                  "N listings shown; more with --cursor ID", ID being the --cursor
                  of the next page (none on the last page)
  with --all      every page, streamed as it is read (--limit is then the page
                  size, 100 by default); if a page fails, the array is closed,
                  holds what was read, and the exit code is not 0
With --fields, each object holds only the fields asked for (and id). A listing the
service sends twice (a repeated page) is printed once. A listing whose id cannot be
read (a string, a fraction, null, none) is printed all the same, each one: its id is
? in the table, and in JSON as the service sent it (null for none) followed by
"id_unreadable": true.

--search and --sort answer from the local mirror that listings sync fills, with no
request (the API can neither search nor sort): --search matches word beginnings in
the title, the description (of listings opened once), the city and the id, case and
accents folded; --sort orders every listing of the mirror (views and views7d, the
views gained in 7 days, and created run from the highest; --reverse turns it).
--status, --limit (or --all), --fields and --json apply; a note on stderr says when
the mirror was synced.`,
		Example: `  listings ls --status all
  listings ls --status blocked --all
  listings ls --status blocked --json | jq -r '.[] | "\(.id) \(.reason)"'
  listings ls --all --json | jq -r '.[] | select(.views > 100) | .id'
  listings ls --limit 50 --fields title,price,currency --json
  listings ls --search "samsung гарантія" --status all
  listings ls --sort views7d --limit 10`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fields, err := o.validate(cmd)
			if err != nil {
				return err
			}
			if o.fromMirror() {
				return lsMirror(cmd.Context(), f, o, fields)
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			l := newLister(f, s, o, fields)
			if o.all {
				return l.all(cmd.Context(), s)
			}
			return l.page(cmd.Context(), s)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.status, "status", "active", "state to list: "+strings.Join(listStatuses, ", ")+" (the last two are found in all by ls)")
	fl.IntVar(&o.limit, "limit", 20, "listings per page, 1 to 100 (with pending or blocked: listings of all read per page)")
	fl.IntVar(&o.cursor, "cursor", 0, "start after this listing id (the next cursor of the previous page)")
	fl.BoolVar(&o.all, "all", false, "follow every cursor and list everything")
	fl.StringVar(&o.fields, "fields", "", "comma-separated fields to fetch: "+strings.Join(listFields, ","))
	fl.StringVar(&o.search, "search", "", "words in the title, description, city or id, from the local mirror (see listings sync)")
	fl.StringVar(&o.sort, "sort", "", "sort on views, views7d, price, created, title, city, status or id, from the local mirror")
	fl.BoolVar(&o.reverse, "reverse", false, "with --sort: the other way round")
	fl.IntVar(&o.reasons, "reasons", defaultReasons, "with --status pending or blocked: read the moderation reason of at most this many listings, a request each (0: none)")
	cmdutil.AddJSONFlag(cmd, &o.asJSON)
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(listStatuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("fields", cobra.FixedCompletions(listFields, cobra.ShellCompDirectiveNoFileComp|cobra.ShellCompDirectiveNoSpace))
	return cmd
}

// validate checks every flag before a request is spent and returns the --fields list.
func (o *lsOptions) validate(cmd *cobra.Command) ([]string, error) {
	if !slices.Contains(listStatuses, o.status) {
		return nil, cmdutil.Usage("cli.ls.bad_status", "Status", strconv.Quote(o.status), "Statuses", strings.Join(listStatuses, ", "))
	}
	if err := o.reasonsFor(cmd.Flags().Changed("reasons")); err != nil {
		return nil, err
	}
	if o.all && !cmd.Flags().Changed("limit") {
		o.limit = api.MaxListLimit // fewer, larger pages spend less of the budget
	}
	if o.limit < 1 || o.limit > api.MaxListLimit {
		return nil, cmdutil.Usage("cli.err.limit", "Limit", o.limit, "Max", api.MaxListLimit)
	}
	if o.cursor < 0 {
		return nil, cmdutil.Usage("cli.ls.bad_cursor", "Cursor", o.cursor)
	}
	if o.all && o.cursor != 0 {
		return nil, cmdutil.Usage("cli.ls.all_cursor")
	}
	if o.fields == "" {
		return nil, nil
	}
	var fields []string
	for _, f := range strings.Split(o.fields, ",") {
		f = strings.TrimSpace(f)
		if f == "" || slices.Contains(fields, f) {
			continue
		}
		if !slices.Contains(listFields, f) {
			return nil, cmdutil.Usage("cli.ls.bad_field", "Field", strconv.Quote(f), "Fields", strings.Join(listFields, ","))
		}
		fields = append(fields, f)
	}
	if !slices.Contains(fields, "id") {
		fields = append([]string{"id"}, fields...)
	}
	return fields, nil
}

// params are the list request of o: a state the API's filter lacks is asked as all,
// with the status field when --fields leaves it out, so that ls can keep its matches.
func (o *lsOptions) params(lang string, fields []string) (api.ListParams, api.Status) {
	return ListParams(api.ListParams{Lang: lang, Status: api.Status(o.status), Limit: o.limit, Cursor: o.cursor, Fields: fields})
}

// ListStatuses are the values of --status of ls and of the commands that list as it
// does (export).
var ListStatuses = listStatuses

// ListParams are the list's parameters for p.Status as --status takes it, and the
// status to keep of what comes ("" when the service filters): the API offers no
// pending or blocked filter, so those are found in status=all.
func ListParams(p api.ListParams) (api.ListParams, api.Status) {
	if !slices.Contains(localStatuses, string(p.Status)) {
		return p, ""
	}
	want := p.Status
	p.Status = api.StatusAll
	if p.Fields != nil && !slices.Contains(p.Fields, "status") {
		p.Fields = append(slices.Clone(p.Fields), "status")
	}
	return p, want
}
