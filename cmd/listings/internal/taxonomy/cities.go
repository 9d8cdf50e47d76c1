package taxonomy

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// NewCmdCities returns `listings cities QUERY`.
func NewCmdCities(f *cmdutil.Factory) *cobra.Command {
	var limit int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "cities QUERY",
		Short: "Search cities for the city_ref of a listing",
		Long: `Search settlements by name (at least 2 characters) and show their ref (the
city_ref of a listing), label and number of carrier warehouses.

With --json the API's array is printed: [{"ref", "name", "type", "region", "label", "warehouses"}].`,
		Example: `  listings cities київ
  listings cities "Kamianets" --lang en --limit 3 --json | jq -r '.[0].ref'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q := strings.TrimSpace(args[0])
			if utf8.RuneCountInString(q) < api.MinCityQuery {
				return cmdutil.Usage("cli.tax.query_short", "Query", strconv.Quote(args[0]), "Min", api.MinCityQuery)
			}
			if limit < 1 || limit > api.MaxCitiesLimit {
				return cmdutil.Usage("cli.err.limit", "Limit", limit, "Max", api.MaxCitiesLimit)
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			c, done := f.CachedClient(cmd.Context(), s)
			defer done()
			cities, err := c.SearchCities(cmd.Context(), q, s.Lang, limit)
			if err != nil {
				return cmdutil.Explain(err)
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, orEmpty(cities))
			}
			if len(cities) == 0 {
				fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.tax.no_city", "Query", strconv.Quote(q)))
				return nil
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			t.Row(i18n.T("cli.col.ref"), i18n.T("cli.col.label"), i18n.T("cli.col.warehouses"))
			for _, c := range cities {
				label := c.Label
				if label == "" {
					label = c.Name
				}
				t.Row(c.Ref, label, strconv.Itoa(c.Warehouses))
			}
			return t.Flush()
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 10, "how many cities, 1 to 50")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}
