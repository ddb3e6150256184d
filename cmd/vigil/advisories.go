package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/vigil-sec/vigil/scan/rust/advisory"
)

// newAdvisoriesCommand manages the RustSec advisory snapshot the Cargo.lock check uses: Vigil
// bundles one, `update` writes a newer one into the user's cache, and scans take the newer of
// the two.
func newAdvisoriesCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "advisories",
		Short: "Show or refresh the RustSec advisory snapshot used for Cargo.lock",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			db, warning := advisory.Current()
			if warning != nil {
				fmt.Fprintln(cmd.ErrOrStderr(), "warning:", warning)
			}
			if db == nil {
				return fmt.Errorf("no RustSec snapshot available")
			}
			fmt.Fprintf(cmd.OutOrStdout(), "RustSec advisories of %s: %d advisories (%s)\n", db.Date, db.Len(), db.Source)
			return nil
		},
	}
	update := &cobra.Command{
		Use:   "update",
		Short: "Rebuild the local RustSec snapshot from a checkout or clone of rustsec/advisory-db",
		Long: "Reads every crates/*/RUSTSEC-*.md advisory of a local checkout (--from DIR) or of a fresh\n" +
			"shallow clone (--from URL, default " + advisory.DefaultRepository + ") and writes the\n" +
			"compact snapshot into the user's cache folder. Scans use it while it is newer than the\n" +
			"snapshot bundled with Vigil.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			from, _ := cmd.Flags().GetString("from")
			var db *advisory.DB
			var err error
			if advisory.IsRepositoryURL(from) {
				fmt.Fprintf(cmd.ErrOrStderr(), "cloning %s\n", from)
				db, err = advisory.FromRepository(cmd.Context(), from)
			} else {
				db, err = advisory.FromCheckout(from)
			}
			if err != nil {
				return &exitError{code: exitUsage, msg: "advisories update: " + err.Error()}
			}
			path, err := advisory.CacheFile()
			if err != nil {
				return fmt.Errorf("advisories update: no cache folder: %w", err)
			}
			if err := advisory.Save(db, path); err != nil {
				return fmt.Errorf("advisories update: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d advisories of %s (%s)\n", path, db.Len(), db.Date, db.Source)
			if bundled, err := advisory.Bundled(); err == nil && db.Date <= bundled.Date {
				fmt.Fprintf(cmd.OutOrStdout(), "not newer than the bundled snapshot of %s, which scans keep using\n", bundled.Date)
			}
			return nil
		},
	}
	update.Flags().String("from", advisory.DefaultRepository, "checkout folder or git URL of the RustSec advisory database")
	cmd.AddCommand(update)
	return cmd
}
