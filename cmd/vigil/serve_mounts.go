package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

// The surfaces `vigil serve` adds beside the private API: JSON-RPC (ss_quickscan) and the second
// host's token routes.
func init() {
	serveMounts = append(serveMounts, mountQuickScan, mountTokenAPI)
}

func mountQuickScan(srv *server.Server, v *viper.Viper) error {
	rpcServer, err := srv.QuickScanServer()
	if err != nil {
		return err
	}
	path := v.GetString("rpc_path")
	if !strings.HasPrefix(path, "/") {
		return fmt.Errorf("rpc-path must start with /: %q", path)
	}
	srv.Handle("POST "+path, rpcServer)
	return nil
}

func mountTokenAPI(srv *server.Server, v *viper.Viper) error {
	client, err := rpc.New(v.GetString("solana_rpc_url"), rpc.WithTimeout(20*time.Second))
	if err != nil {
		return fmt.Errorf("solana-rpc-url: %s", rpc.Describe(err))
	}
	scanner := solana.New(client)
	scanner.Images = solana.NewHTTPImageResolver(v.GetBool("allow_private_networks"))
	var cfg tokenapi.Config
	if err := unmarshalSection(v, "token_api", &cfg); err != nil {
		return fmt.Errorf("token_api: %v", err)
	}
	srv.MountTokenAPI(scanner, cfg)
	return nil
}
