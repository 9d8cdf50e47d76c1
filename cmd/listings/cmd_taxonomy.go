package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/listings-tui/listings/api"
)

func newCategoriesCmd(g *globals) *cobra.Command {
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
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			cats, err := s.Client.Categories(cmd.Context(), s.Lang)
			if err != nil {
				return explain(err)
			}
			if asJSON {
				if cats == nil {
					cats = []api.Category{}
				}
				return printJSON(cmd.OutOrStdout(), cats)
			}
			tw := newTable(cmd.OutOrStdout())
			if tree {
				row(tw, "ID", "CATEGORY", "SLUG", "LEAF")
			} else {
				row(tw, "ID", "PATH", "SLUG", "LEAF")
			}
			walkCategories(cats, nil, 0, func(c *api.Category, path []string, depth int) {
				name := strings.Join(path, " > ")
				if tree {
					name = strings.Repeat("  ", depth) + c.Name
				}
				row(tw, strconv.Itoa(c.ID), name, orDash(c.Slug), yesNo(len(c.Children) == 0))
			})
			return tw.Flush()
		},
	}
	cmd.Flags().BoolVar(&tree, "tree", false, "show the tree indented")
	addJSONFlag(cmd, &asJSON)
	return cmd
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

func newAttributesCmd(g *globals) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "attributes CATEGORY_ID",
		Short: "List the attributes of a category",
		Long: `List the attributes a listing of the category can carry: code (the key inside
"attributes" of the create body), name, type, whether it is required, and for select
attributes the options as value=label (the value is what is sent).

With --json the API's array is printed: [{"code", "name", "type", "required", "options"}].`,
		Example: `  listings attributes 30101 --lang en`,
		Args:    usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID("category", args[0])
			if err != nil {
				return err
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			attrs, err := s.Client.Attributes(cmd.Context(), id, s.Lang)
			if api.IsNotFound(err) {
				return &cliError{fmt.Sprintf("category %d not found; see the ids with listings categories", id), err}
			}
			if err != nil {
				return explain(err)
			}
			if asJSON {
				if attrs == nil {
					attrs = []api.Attribute{}
				}
				return printJSON(cmd.OutOrStdout(), attrs)
			}
			if len(attrs) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "Category %d has no attributes.\n", id)
				return nil
			}
			tw := newTable(cmd.OutOrStdout())
			row(tw, "CODE", "NAME", "TYPE", "REQUIRED", "OPTIONS")
			for _, a := range attrs {
				row(tw, a.Code, a.Name, a.Type, yesNo(a.Required), optionsCell(a.Options))
			}
			return tw.Flush()
		},
	}
	addJSONFlag(cmd, &asJSON)
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
	return truncate(strings.Join(parts, ", "), 70)
}

func newCitiesCmd(g *globals) *cobra.Command {
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
		Args: usageArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			q := strings.TrimSpace(args[0])
			if utf8.RuneCountInString(q) < api.MinCityQuery {
				return usageErrorf("the query %q is too short: use at least %d characters", args[0], api.MinCityQuery)
			}
			if limit < 1 || limit > api.MaxCitiesLimit {
				return usageErrorf("--limit %d: use 1 to %d", limit, api.MaxCitiesLimit)
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			cities, err := s.Client.SearchCities(cmd.Context(), q, s.Lang, limit)
			if err != nil {
				return explain(err)
			}
			if asJSON {
				if cities == nil {
					cities = []api.City{}
				}
				return printJSON(cmd.OutOrStdout(), cities)
			}
			if len(cities) == 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "No city matches %q.\n", q)
				return nil
			}
			printCities(cmd.OutOrStdout(), cities)
			return nil
		},
	}
	cmd.Flags().IntVar(&limit, "limit", 10, "how many cities, 1 to 50")
	addJSONFlag(cmd, &asJSON)
	return cmd
}

func printCities(w io.Writer, cities []api.City) {
	tw := newTable(w)
	row(tw, "REF", "LABEL", "WAREHOUSES")
	for _, c := range cities {
		label := c.Label
		if label == "" {
			label = c.Name
		}
		row(tw, c.Ref, label, strconv.Itoa(c.Warehouses))
	}
	_ = tw.Flush()
}

func newSuggestCmd(g *globals) *cobra.Command {
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
		Args: usageArgs(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			title, description = strings.TrimSpace(title), strings.TrimSpace(description)
			if title == "" && description == "" {
				return usageErrorf("give --title or --description (or both): the suggestion needs words to work with")
			}
			s, err := g.newSession(cmd)
			if err != nil {
				return err
			}
			sug, err := s.Client.SuggestCategory(cmd.Context(), title, description, s.Lang)
			if api.IsCode(err, api.CodeNoCategoryMatch) {
				return &cliError{"no_category_match: no category fits these words; add more of them (a description helps), or pick a leaf from listings categories", err}
			}
			if err != nil {
				return explain(err)
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), sug)
			}
			tw := newTable(cmd.OutOrStdout())
			row(tw, "ID", "PATH", "SLUG")
			row(tw, strconv.Itoa(sug.CategoryID), orDash(sug.CategoryPath), orDash(sug.CategorySlug))
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&title, "title", "", "title of the listing")
	cmd.Flags().StringVar(&description, "description", "", "description of the listing")
	addJSONFlag(cmd, &asJSON)
	return cmd
}
