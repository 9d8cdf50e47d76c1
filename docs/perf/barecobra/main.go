//go:build perf

// Command barecobra is the yardstick of the CLI's start (docs/performance.md, "The
// CLI's start"): a cobra binary with one command that prints a version, the least a
// CLI in gh's conventions does. It is built only with -tags perf, never into the app:
//
//	go build -tags perf -trimpath -ldflags "-s -w" -o /tmp/barecobra ./docs/perf/barecobra
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{Use: "barecobra", SilenceUsage: true}
	root.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print the version",
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), "barecobra version 1.0.0")
			return err
		},
	})
	if err := root.Execute(); err != nil {
		os.Exit(1)
	}
}
