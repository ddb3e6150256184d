package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

func newUpgradeCheckCommand(v *viper.Viper) *cobra.Command { return &cobra.Command{Use: "upgrade-check"} }
