// Package taxonomy owns the commands that look up what a listing refers to: the
// category tree (categories), a category's attributes (attributes), cities
// (cities) and the AI's category suggestion (suggest-category).
package taxonomy

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
	"github.com/listings-tui/listings/internal/i18n"
	"github.com/listings-tui/listings/tui/layout"
)

// NewCmdCategories returns `listings categories`.
func NewCmdCategories(f *cmdutil.Factory) *cobra.Command {
	var tree, asJSON bool
	cmd := &cobra.Command{
		Use:   "categories",
		Short: "List the category tree",
		Long: `List every category with its id, full path and slug; LEAF says whether a listing
can be created in it (only leaves take listings). --tree shows the tree indented instead.

With --json the API's tree is printed: [{"id", "slug", "name", "children": [...]}].`,
		Example: `  listings categories --lang en
  listings categories --tree
  listings categories --json | jq '.. | objects | select(.slug? == "books") | .id'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			c, done := f.CachedClient(cmd.Context(), s)
			defer done()
			cats, err := c.Categories(cmd.Context(), s.Lang)
			if err != nil {
				return cmdutil.Explain(err)
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, orEmpty(cats))
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			if tree {
				t.Row(i18n.T("cli.col.id"), i18n.T("cli.col.category"), i18n.T("cli.col.slug"), i18n.T("cli.col.leaf"))
			} else {
				t.Row(i18n.T("cli.col.id"), i18n.T("cli.col.path"), i18n.T("cli.col.slug"), i18n.T("cli.col.leaf"))
			}
			walkCategories(cats, nil, 0, func(c *api.Category, path []string, depth int) {
				name := strings.Join(path, " > ")
				if tree {
					name = strings.Repeat("  ", depth) + c.Name
				}
				t.Row(strconv.Itoa(c.ID), name, cmdutil.OrDash(c.Slug), cmdutil.YesNo(len(c.Children) == 0))
			})
			return t.Flush()
		},
	}
	cmd.Flags().BoolVar(&tree, "tree", false, "show the tree indented")
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// orEmpty makes a missing list an empty one, so --json prints [] rather than null.
func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// walkCategories visits the tree depth first. The depth is bounded so that a cyclic or
// absurdly deep answer cannot exhaust the stack.
func walkCategories(cs []api.Category, path []string, depth int, visit func(*api.Category, []string, int)) {
	if depth > 32 {
		return
	}
	for i := range cs {
		p := append(path[:len(path):len(path)], cs[i].Name)
		visit(&cs[i], p, depth)
		walkCategories(cs[i].Children, p, depth+1, visit)
	}
}

// NewCmdAttributes returns `listings attributes CATEGORY_ID`.
func NewCmdAttributes(f *cmdutil.Factory) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "attributes CATEGORY_ID",
		Short: "List the attributes of a category",
		Long: `List the attributes a listing of the category can carry: code (the key inside
"attributes" of the create body), name, type, whether it is required, and for select
attributes the options as value=label (the value is what is sent).

With --json the API's array is printed: [{"code", "name", "type", "required", "options"}].`,
		Example: `  listings attributes 30101 --lang en`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID("category", args[0])
			if err != nil {
				return err
			}
			s, err := f.Session(cmd.Context())
			if err != nil {
				return err
			}
			c, done := f.CachedClient(cmd.Context(), s)
			defer done()
			attrs, err := c.Attributes(cmd.Context(), id, s.Lang)
			if api.IsNotFound(err) {
				return cmdutil.Fail(err, "cli.tax.category_not_found", "ID", id)
			}
			if err != nil {
				return cmdutil.Explain(err)
			}
			if asJSON {
				return cmdutil.PrintJSON(f.IOStreams.Out, orEmpty(attrs))
			}
			if len(attrs) == 0 {
				fmt.Fprintln(f.IOStreams.ErrOut, i18n.T("cli.tax.no_attributes", "ID", id))
				return nil
			}
			t := cmdutil.NewTable(f.IOStreams.Out)
			t.Row(i18n.T("cli.col.code"), i18n.T("cli.col.name"), i18n.T("cli.col.type"), i18n.T("cli.col.required"), i18n.T("cli.col.options"))
			for _, a := range attrs {
				t.Row(a.Code, a.Name, a.Type, cmdutil.YesNo(a.Required), optionsCell(a.Options))
			}
			return t.Flush()
		},
	}
	cmdutil.AddJSONFlag(cmd, &asJSON)
	return cmd
}

// optionsCell shows select options as value=label, cut to keep the table readable; the
// full list is in --json.
func optionsCell(opts []api.AttributeOption) string {
	if len(opts) == 0 {
		return "-"
	}
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = o.Value + "=" + o.Label
	}
	return layout.Cut(strings.Join(parts, ", "), 70)
}
