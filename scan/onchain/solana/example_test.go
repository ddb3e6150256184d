package solana_test

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
)

// Scanning a mint: build an RPC client for the endpoint (its key never appears in errors),
// a Scanner over it, and print the report of SPEC.md 2.5.
func Example() {
	client, err := rpc.New(os.Getenv("VIGIL_SOLANA_RPC_URL"), rpc.WithTimeout(15*time.Second))
	if err != nil {
		log.Fatal(err)
	}
	scanner := solana.New(client)
	scanner.Images = solana.NewHTTPImageResolver(false) // optional: fetch the URI's image
	report, err := scanner.Scan(context.Background(), "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", 0)
	if err != nil {
		log.Fatal(err) // errors.Is(err, solana.ErrNotMint) etc. for bad input
	}
	json.NewEncoder(os.Stdout).Encode(report)
}
