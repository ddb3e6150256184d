package main

import (
	"errors"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
)

func newScanAddressCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "address ADDRESS --platform etherscan --chain mainnet",
		Short: "Scan a deployed contract's verified source (with its threat score)",
		Long: `Fetch the verified source of a deployed contract from block explorers (Etherscan's v2 API,
Blockscout, Sourcify, in the order the chain catalogue gives), scan it, and print the block scan
report with its threat score. Proxies are scanned with their implementation.

Explorer endpoints and keys come from VIGIL_ETHERSCAN_URL, VIGIL_ETHERSCAN_API_KEY,
VIGIL_BLOCKSCOUT_URL, VIGIL_BLOCKSCOUT_API_KEY and VIGIL_SOURCIFY_URL (or the same keys in the
config file). Fetched sources are cached under VIGIL_DATA_DIR/sources.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAddressScan(cmd, v, args[0])
		},
	}
	addScanFlags(cmd)
	addAddressFlags(cmd)
	return cmd
}

func addAddressFlags(cmd *cobra.Command) {
	cmd.Flags().String("platform", "etherscan", "explorer platform (etherscan, bscscan, polygonscan, ...; see the catalogue)")
	cmd.Flags().String("chain", "", "chain name on the platform (mainnet, sepolia, testnet, ...); default mainnet")
	cmd.Flags().Int64("chain-id", 0, "EVM chain id, instead of --chain")
}

// explorerConfig builds the explorer fetcher configuration from viper (flags, VIGIL_* and the
// config file), shared by the CLI and the server.
func explorerConfig(v *viper.Viper) explorer.Config {
	cfg := explorer.Config{
		EtherscanURL:  v.GetString("etherscan_url"),
		EtherscanKey:  v.GetString("etherscan_api_key"),
		BlockscoutURL: v.GetString("blockscout_url"),
		BlockscoutKey: v.GetString("blockscout_api_key"),
		SourcifyURL:   v.GetString("sourcify_url"),
	}
	if !v.GetBool("allow_private_networks") {
		cfg.HTTPClient = netguard.Policy{}.Client(0)
	}
	if dir := v.GetString("data_dir"); dir != "" {
		cfg.Cache = explorer.NewDirCache(filepath.Join(dir, "sources"))
	}
	return cfg
}

func runAddressScan(cmd *cobra.Command, v *viper.Viper, address string) error {
	cfg := explorerConfig(v)
	if err := cfg.Validate(); err != nil {
		return usageError("%v", err)
	}
	target := scan.BlockTarget{Address: address, Platform: v.GetString("platform"), Chain: v.GetString("chain"), ChainID: v.GetInt64("chain_id")}
	if target.Chain == "" && target.ChainID == 0 {
		target.Chain = "mainnet"
	}
	opts, err := scanOptions(v)
	if err != nil {
		return err
	}
	res, err := scan.RunBlock(cmd.Context(), explorer.NewFetcher(cfg), target, opts)
	switch {
	case errors.Is(err, scan.ErrInput):
		return usageError("%v", err)
	case errors.Is(err, explorer.ErrNotVerified):
		return usageError("%s: %v", address, err)
	case err != nil:
		return &exitError{code: exitUsage, msg: "fetching the source failed: " + err.Error()}
	}
	return writeReport(cmd, v, res, "")
}
