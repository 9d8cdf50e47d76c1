package sheetcmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/jobs/export"
	"github.com/listings-tui/listings/api/jobs/sheet"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
)

// NewCmdTemplate returns `listings import template`: an empty sheet with the columns
// of a category, for listings import to read back.
func NewCmdTemplate(f *cmdutil.Factory) *cobra.Command {
	var category int
	var formatFlag, output string
	cmd := &cobra.Command{
		Use:   "template",
		Short: "Write an empty import sheet with the columns of a category",
		Long: `Write an empty sheet for listings import with the columns a listing of the category
takes: the create body's fields (title, description, price, …, category, city,
photos, video) and one attr.<code> column per attribute of the category.

XLSX (the default, unless -o names a .csv file): the required columns' headers are
filled in orange and their note says "Required"; every header has a note saying what
the column holds; price_type, currency, condition, hide_phone and the select and
boolean attributes offer drop-down lists (a select's labels, in --lang); a second
sheet, "Columns", explains each column: what it holds, whether it is required, the
values and limits allowed, an example.
CSV: the header row alone, so that the file imports as it is.

It costs two requests: the category tree (for the category's path, and to refuse a
category that is not a leaf: only leaves take listings) and its attributes.`,
		Example: `  listings import template --category 30101 -o bikes.xlsx
  listings import template --category 30101 --format csv > bikes.csv`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if category <= 0 {
				return cmdutil.Usage("cli.template.category_required")
			}
			if formatFlag == "" && (output == "" || output == "-") {
				formatFlag = string(sheet.XLSX)
			}
			ft, err := chooseFormat(formatFlag, output)
			if err != nil {
				return err
			}
			if ft == sheet.JSONL {
				return cmdutil.Usage("cli.template.format")
			}
			if err := refuseTerminal(f, ft, output); err != nil {
				return err
			}
			ctx := cmd.Context()
			s, err := f.Session(ctx)
			if err != nil {
				return err
			}
			tree, err := s.Client.Categories(ctx, s.Lang)
			if err != nil {
				return cmdutil.Explain(err)
			}
			path, leaf, found := export.CategoryPath(tree, category)
			switch {
			case !found:
				return cmdutil.Fail(nil, "cli.tax.category_not_found", "ID", category)
			case !leaf:
				return cmdutil.Fail(nil, "cli.template.not_leaf", "ID", category, "Path", path)
			}
			attrs, err := s.Client.Attributes(ctx, category, s.Lang)
			if api.IsNotFound(err) {
				return cmdutil.Fail(err, "cli.tax.category_not_found", "ID", category)
			}
			if err != nil {
				return cmdutil.Explain(err)
			}
			out, err := openOutput(f, output)
			if err != nil {
				return err
			}
			defer out.abort()
			cols := export.Template(category, path, attrs)
			if err := sheet.WriteTemplate(out.w, ft, cols); err != nil {
				return err
			}
			if err := out.commit(); err != nil {
				return err
			}
			to := "standard output"
			if out.path != "" {
				to = out.path
			}
			fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.template.written", "Path", path, "Columns", len(cols), "Attrs", len(attrs), "To", to, "Format", ft))
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&category, "category", 0, "the category's id (a leaf of listings categories)")
	fl.StringVar(&formatFlag, "format", "", "xlsx or csv (default: by the extension of -o, else xlsx)")
	fl.StringVarP(&output, "output", "o", "", "the file to write (default: standard output)")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"xlsx", "csv"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}
