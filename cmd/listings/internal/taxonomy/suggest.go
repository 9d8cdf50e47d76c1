package taxonomy

import (
	"context"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// NewCmdSuggest returns `listings suggest-category`.
func NewCmdSuggest(f *cmdutil.Factory) *cobra.Command {
	var title, description string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "suggest-category --title TITLE [--description TEXT]",
		Short: "Ask the service's AI for the category of a listing",
		Long: `Ask the AI category suggestion for a title and description (at least one of
them), and show the category id, path and slug.

With --json the API's answer is printed: {"category_id", "category_path", "category_slug"}.
When no category fits, the command fails (exit 1) with the service's hint.`,
		Example: `  listings suggest-category --title "iPhone 13 128GB" --description "Blue, battery 89%"
  listings suggest-category --title "Kobzar" --json | jq .category_id`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			title, description = strings.TrimSpace(title), strings.TrimSpace(description)
			if title == "" && description == "" {
				return cmdutil.Usage("cli.tax.suggest_words")
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			sug, err := cmdutil.RetryWrite(cmd.Context(), func(ctx context.Context) (*api.Suggestion, error) {
				return s.Client.SuggestCategory(ctx, title, description, s.Lang)
			})
			if api.IsCode(err, api.CodeNoCategoryMatch) {
				return cmdutil.Fail(err, "cli.tax.no_match")
			}
			if err != nil {
				return cmdutil.Explain(err)
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, sug)
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			t.Row(i18n.T("cli.col.id"), i18n.T("cli.col.path"), i18n.T("cli.col.slug"))
			t.Row(strconv.Itoa(sug.CategoryID), cmdutil.OrDash(sug.CategoryPath), cmdutil.OrDash(sug.CategorySlug))
			return t.Flush()
		},
	}
	cmd.Flags().StringVar(&title, "title", "", "title of the listing")
	cmd.Flags().StringVar(&description, "description", "", "description of the listing")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}
