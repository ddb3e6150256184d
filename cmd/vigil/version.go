package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Set by the release build (-ldflags "-X main.version=...").
var (
	version = "dev"
	commit  = "none"
	date    = "unknown"
)

func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Fprintf(cmd.OutOrStdout(), "vigil %s (commit %s, built %s)\n", toolVersion(), commit, date)
		},
	}
}
