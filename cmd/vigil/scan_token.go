package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
)

// defaultSolanaRPC is Solana's public mainnet endpoint; set VIGIL_SOLANA_RPC_URL (or
// --solana-rpc-url) for a provider of your own.
const defaultSolanaRPC = "https://api.mainnet-beta.solana.com"

func newScanTokenCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token MINT",
		Short: "Scan a Solana token by its mint address (authorities, holders, metadata, Token-2022 risks)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTokenScan(cmd, v, args[0])
		},
	}
	addTokenFlags(cmd)
	cmd.Flags().Bool("allow-private-networks", false, "allow fetching token metadata images from private networks")
	cmd.Flags().StringP("output", "o", "", "write the report to this file instead of standard output")
	return cmd
}

// addTokenFlags adds the flags a token scan needs beyond the common scan flags.
func addTokenFlags(cmd *cobra.Command) {
	cmd.Flags().String("solana-rpc-url", defaultSolanaRPC, "Solana JSON-RPC endpoint (may hold an API key; never printed)")
}

func runTokenScan(cmd *cobra.Command, v *viper.Viper, mint string) error {
	if _, err := solana.ParseMint(mint); err != nil {
		return usageError("%v", err)
	}
	client, err := rpc.New(v.GetString("solana_rpc_url"), rpc.WithTimeout(20*time.Second))
	if err != nil {
		return usageError("solana rpc url: %s", rpc.Describe(err))
	}
	scanner := solana.New(client)
	scanner.Images = solana.NewHTTPImageResolver(v.GetBool("allow_private_networks"))
	rep, err := scanner.Scan(cmd.Context(), mint, 0)
	switch {
	case errors.Is(err, solana.ErrInvalidKey), errors.Is(err, solana.ErrNotFound), errors.Is(err, solana.ErrNotMint):
		return usageError("%v", err)
	case err != nil:
		return &exitError{code: exitUsage, msg: "token scan failed: " + rpc.Describe(err)}
	}
	var out io.Writer = cmd.OutOrStdout()
	if path := v.GetString("output"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return usageError("%v", err)
		}
		defer f.Close()
		out = f
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"data": rep, "status": "success"})
}
