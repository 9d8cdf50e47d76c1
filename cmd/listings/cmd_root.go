package main

import (
	"github.com/spf13/cobra"
)

// addScriptCommands adds the scripting commands (issue 7) to the root: one command per
// operation of the API, each with readable output by default and --json for scripts,
// all resolving the service and key through g.newSession like the TUI does. Adding
// them twice is harmless: a command that already exists is kept. `completion` is
// cobra's own (newRootCmd adds it); its help says how to install the script per shell.
func addScriptCommands(root *cobra.Command, g *globals) {
	have := make(map[string]bool)
	for _, c := range root.Commands() {
		have[c.Name()] = true
	}
	for _, c := range []*cobra.Command{
		newPingCmd(g),
		newLsCmd(g),
		newShowCmd(g),
		newCreateCmd(g),
		newEditCmd(g),
		newStatusChangeCmd(g, "activate"),
		newStatusChangeCmd(g, "deactivate"),
		newWatchCmd(g),
		newCategoriesCmd(g),
		newAttributesCmd(g),
		newCitiesCmd(g),
		newSuggestCmd(g),
		newUploadCmd(g),
	} {
		if !have[c.Name()] {
			root.AddCommand(c)
		}
	}
}

// addJSONFlag adds the --json flag every scripting command has.
func addJSONFlag(cmd *cobra.Command, v *bool) {
	cmd.Flags().BoolVar(v, "json", false, "print JSON for scripts (the API's field names)")
}
