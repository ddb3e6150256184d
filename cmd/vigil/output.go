package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// outputOf is where a command writes: the file --output names (created), else standard output.
// done closes the file.
func outputOf(cmd *cobra.Command, v *viper.Viper) (out io.Writer, done func(), err error) {
	path := v.GetString("output")
	if path == "" {
		return cmd.OutOrStdout(), func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, &exitError{code: exitUsage, msg: err.Error()}
	}
	return f, func() { f.Close() }, nil
}
