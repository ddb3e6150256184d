package main

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// newRootCommand builds the command tree. Every flag is bound to viper so that it can also be
// set by a VIGIL_* environment variable (dashes become underscores) or a key in the config file.
func newRootCommand() *cobra.Command {
	v := viper.New()
	root := &cobra.Command{
		Use:           "vigil",
		Short:         "Security scanner for smart contracts and tokens",
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return loadConfig(v, cmd, args)
		},
	}
	root.PersistentFlags().String("config", "", "config file (default: vigil.yaml in the current folder, if present)")
	root.AddCommand(
		newVersionCommand(),
		newParseCommand(v),
		newScanCommand(v),
		newReportCommand(),
		newGraphCommand(v),
		newDetectorsCommand(v),
		newServeCommand(v),
		newKeysCommand(v),
		newLSPCommand(v),
		newAdvisoriesCommand(),
		newLayoutCommand(v),
		newUpgradeCheckCommand(v),
	)
	return root
}

// loadConfig reads the config file and environment into v, then binds the running command's
// flags so that precedence is: flag > VIGIL_* environment > config file > default.
func loadConfig(v *viper.Viper, cmd *cobra.Command, args []string) error {
	setEnvLookup(v)
	// When the current folder is part of what is scanned (vigil scan ., vigil lsp), its
	// vigil.yaml is the scanned project's, not the user's: it is applied as one below.
	scanned := scansCurrentFolder(cmd, args)
	if file, _ := cmd.Flags().GetString("config"); file != "" {
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			return &exitError{code: exitUsage, msg: "reading config: " + err.Error()}
		}
	} else if !scanned {
		// Only vigil.yaml or vigil.yml in the current folder: viper's own search would also
		// take a file named just "vigil" — the binary itself when run from its build folder.
		for _, name := range []string{"vigil.yaml", "vigil.yml"} {
			if info, err := os.Stat(name); err == nil && info.Mode().IsRegular() {
				v.SetConfigFile(name)
				if err := v.ReadInConfig(); err != nil {
					return &exitError{code: exitUsage, msg: "reading config: " + err.Error()}
				}
				break
			}
		}
	}
	if err := checkSettings(v); err != nil { // unknown keys and bad values (config_keys.go)
		return err
	}
	// Keys use underscores (fail_on), so the flag --fail-on, VIGIL_FAIL_ON and a config file's
	// fail_on all name the same setting.
	var bindErr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if err := v.BindPFlag(strings.ReplaceAll(f.Name, "-", "_"), f); err != nil && bindErr == nil {
			bindErr = err
		}
	})
	if bindErr != nil || !scanned || v.ConfigFileUsed() != "" {
		return bindErr
	}
	return applyCurrentFolderConfig(v, cmd.ErrOrStderr())
}
