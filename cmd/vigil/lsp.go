package main

import (
	"errors"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/lsp"
)

func newLSPCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the Language Server Protocol server on standard input and output",
		Long: `Run a Language Server Protocol server over standard input and output, for editors.

The editor's workspace folder is scanned when the session starts, with the configuration
` + "`vigil scan`" + ` would use there (its vigil.yaml, excludes, detector choices, vigil-disable
comments); each Solidity or Rust file is scanned again when it is opened, edited (after a
pause of --debounce) or saved, from the editor's buffer. Findings are diagnostics with the
detector id as code; hovering one shows its description and remediation; a quick fix inserts
the suppression comment. See the README's "Editors" section for VS Code, Neovim and Helix.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			min := strings.ToLower(v.GetString("min_severity"))
			if min != "" {
				if _, err := detect.ParseSeverity(min); err != nil {
					return usageError("--min-severity: %v", err)
				}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			err := lsp.Serve(ctx, os.Stdin, os.Stdout, lsp.Config{
				Options: func(root string) (workspace.Options, scan.Options, error) {
					return lspOptions(v, root, cmd.ErrOrStderr())
				},
				MinSeverity: min,
				Debounce:    v.GetDuration("debounce"),
				Log:         cmd.ErrOrStderr(),
				Version:     toolVersion(),
			})
			if errors.Is(err, lsp.ErrExitWithoutShutdown) {
				return &exitError{code: 1} // the protocol's exit code for an exit without shutdown
			}
			return err
		},
	}
	f := cmd.Flags()
	f.Duration("debounce", 300*time.Millisecond, "pause in typing after which an edited file is scanned again")
	addScopeFlags(f)
	return cmd
}

// lspOptions reads the options of the workspace folder's scans as runScan does: the folder's
// vigil.yaml (unless --config or one in the current folder was given; only what a scanned
// project's config may set, warnings on warn), then the excludes, limits, detector choices and
// budgets.
func lspOptions(v *viper.Viper, root string, warn io.Writer) (workspace.Options, scan.Options, error) {
	var wsOpts workspace.Options
	if _, err := mergeProjectConfig(v, root, warn); err != nil {
		return wsOpts, scan.Options{}, err
	}
	wsOpts.Skip = listOf(v, "skip", "exclude")
	if err := unmarshalSection(v, "limits", &wsOpts.Limits); err != nil {
		return wsOpts, scan.Options{}, usageError("config limits: %v", err)
	}
	scanOpts, err := scanOptions(v)
	return wsOpts, scanOpts, err
}
