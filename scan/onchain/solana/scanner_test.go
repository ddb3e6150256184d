package solana_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
)

const fixtureDir = "../../../../shared/corpus/solana-fixtures"

type env struct {
	srv     *solanatest.Server
	fx      *solanatest.Fixtures
	scanner *solana.Scanner
	client  *rpc.Client
}

func newEnv(t testing.TB) *env {
	t.Helper()
	fx, err := solanatest.LoadFixtures(fixtureDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("fixture corpus absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	srv := solanatest.NewServer()
	t.Cleanup(srv.Close)
	srv.AddFixtures(fx)
	c, err := rpc.New(srv.URL+"/?api-key=SECRETKEY", rpc.WithTimeout(2*time.Second), rpc.WithRetries(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	s := solana.New(c)
	s.Now = func() time.Time { return time.Date(2026, 11, 22, 3, 4, 5, 123456000, time.UTC) }
	s.NewID = func() string { return "0123456789abcdef01234567" }
	return &env{srv: srv, fx: fx, scanner: s, client: c}
}

// percentOf returns the base units that make pct percent of supply.
func percentOf(supply uint64, pct float64) uint64 { return uint64(float64(supply) * pct / 100) }

const (
	whirlpoolProgram = "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc"
	raydiumAuthority = "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1"
	incinerator      = "1nc1nerator11111111111111111111111111111111"
)

// usdcHolders builds a holder set for USDC: a wallet with two accounts, a Raydium pool, a
// Whirlpool pool (a PDA owned by the Whirlpool program), the incinerator, an unknown PDA and
// ordinary wallets.
func usdcHolders(e *env) (wallet, whirlpool, unknownPDA string) {
	mint := e.fx.Mint("USDC").Address
	const supply = 8193849180817389
	tp := solanatest.TokenProgram
	wallet = solanatest.WalletKey("whale")
	whirlpool = solanatest.PDAKey("whirlpool SOL/USDC")
	unknownPDA = solanatest.PDAKey("some escrow")
	e.srv.SetAccount(whirlpool, solanatest.Account{Owner: whirlpoolProgram, Data: make([]byte, 653)})
	e.srv.SetAccount(unknownPDA, solanatest.Account{Owner: solanatest.Key("escrow program"), Data: make([]byte, 100)})
	e.srv.AddTokenAccount(solanatest.Key("ta whale 1"), mint, wallet, percentOf(supply, 4), tp)
	e.srv.AddTokenAccount(solanatest.Key("ta whale 2"), mint, wallet, percentOf(supply, 1.5), tp)
	e.srv.AddTokenAccount(solanatest.Key("ta raydium"), mint, raydiumAuthority, percentOf(supply, 30), tp)
	e.srv.AddTokenAccount(solanatest.Key("ta whirlpool"), mint, whirlpool, percentOf(supply, 8), tp)
	e.srv.AddTokenAccount(solanatest.Key("ta burn"), mint, incinerator, percentOf(supply, 12), tp)
	e.srv.AddTokenAccount(solanatest.Key("ta escrow"), mint, unknownPDA, percentOf(supply, 2), tp)
	for i, p := range []float64{1.8, 1.2, 0.9, 0.5} {
		e.srv.AddTokenAccount(solanatest.Key("ta w"+string(rune('a'+i))), mint, solanatest.WalletKey("w"+string(rune('a'+i))), percentOf(supply, p), tp)
	}
	return
}

func issues(r *solana.Report) map[string]solana.Issue {
	m := map[string]solana.Issue{}
	for _, is := range r.ScanDetails {
		m[is.IssueID] = is
	}
	return m
}

type want struct{ status, severity string }

func checkVerdicts(t *testing.T, r *solana.Report, wants map[string]want) {
	t.Helper()
	got := issues(r)
	total := 0
	for _, n := range r.IssueCount {
		total += n
	}
	if total != len(solana.Catalogue()) || len(r.IssueCount) != 6 {
		t.Errorf("issue_count %v does not add up to %d checks", r.IssueCount, len(solana.Catalogue()))
	}
	if len(got) != len(solana.Catalogue()) {
		t.Errorf("%d issues, want %d", len(got), len(solana.Catalogue()))
	}
	for id, w := range wants {
		is, ok := got[id]
		if !ok {
			t.Errorf("%s missing", id)
			continue
		}
		if is.IssueStatus != w.status || is.Severity != w.severity {
			t.Errorf("%s: %s/%s, want %s/%s (%s)", id, is.IssueStatus, is.Severity, w.status, w.severity, is.IssueDescription)
		}
		if (is.IssueStatus == solana.StatusFail) != (is.Weight1 != nil && is.Weight2 != nil) {
			t.Errorf("%s: weights %v %v on a %s issue", id, is.Weight1, is.Weight2, is.IssueStatus)
		}
	}
}

var (
	passB   = want{solana.StatusPass, solana.Beneficial}
	passN   = want{solana.StatusPass, solana.NoImpact}
	failH   = want{solana.StatusFail, solana.HighRisk}
	failM   = want{solana.StatusFail, solana.ModerateRisk}
	failL   = want{solana.StatusFail, solana.LowRisk}
	unavail = want{solana.StatusUnavailable, solana.Unavailable}
)

func TestScanUSDC(t *testing.T) {
	e := newEnv(t)
	wallet, whirlpool, unknownPDA := usdcHolders(e)
	e.srv.ResetCounters()
	r, err := e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 42)
	if err != nil {
		t.Fatal(err)
	}
	// Batch, holders' accounts, then the two PDA owners: three round trips.
	if n := e.srv.Requests(); n != 3 {
		t.Errorf("%d round trips, want 3", n)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_TOKEN_UPDATE_AUTHORITY":                    passB,
		"SOLANA_TOKEN_FREEZE_AUTHORITY":                    failH,
		"SOLANA_TOKEN_MINT_AUTHORITY":                      failH,
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT":      passN,
		"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT": failM,
		"SOLANA_HOLDER_CONCENTRATION":                      passN,
		"SOLANA_TOKEN_MUTABLE_METADATA":                    passN,
		"SOLANA_TOKEN_PERMANENT_DELEGATE":                  passN,
		"SOLANA_TOKEN_TRANSFER_FEE":                        passN,
		"SOLANA_TOKEN_TRANSFER_HOOK":                       passN,
		"SOLANA_TOKEN_NON_TRANSFERABLE":                    passN,
		"SOLANA_TOKEN_DEFAULT_FROZEN":                      passN,
		"SOLANA_TOKEN_MINT_CLOSE_AUTHORITY":                passN,
		"SOLANA_TOKEN_PAUSABLE":                            passN,
		"SOLANA_TOKEN_CONFIDENTIAL_TRANSFERS":              passN,
	})
	if r.Severity != solana.HighRisk || r.ClientID != 42 || r.ScanID != "0123456789abcdef01234567" || r.ScanInitTime != "2026-11-22T03:04:05.123456" {
		t.Errorf("header %q %d %q %q", r.Severity, r.ClientID, r.ScanID, r.ScanInitTime)
	}
	wantScore := (3*60.0 + 3*60 + 2*100 + 2*100 + 2*80 + 2*100 + 1*100 + 3*100 + 2*100 + 2*100 + 3*100 + 3*100 + 1*100 + 2*100 + 1*100 + 1*100) / 33
	if r.AverageScore != float64(int(wantScore*100+0.5))/100 {
		t.Errorf("average %v, want %.2f", r.AverageScore, wantScore)
	}
	if r.IssueCount[solana.HighRisk] != 2 || r.IssueCount[solana.ModerateRisk] != 1 || r.IssueCount[solana.Beneficial] != 1 || r.IssueCount[solana.NoImpact] != 12 || len(r.IssueCount) != 6 {
		t.Errorf("issue_count %v", r.IssueCount)
	}
	md := r.Metadata
	if md.TokenName != "USD Coin" || md.TokenSymbol != "USDC" || md.TokenURI != "" || md.MetadataPublicKey != "5x38Kp4hvdomTCnCrAny4UtMUt5rQBdB6px2K1Ui45Wq" ||
		md.MintDecimals != 6 || md.MintSupply != "8193849180817389" || md.MintPublicKey != e.fx.Mint("USDC").Address ||
		md.PublicKey != md.MintPublicKey || md.TokenAddress != md.MintPublicKey || md.CreatorAddress != "2wmVCSfPxGPjrnMMn7rchp4uaeoTqN39mXFC2zhPdri9" ||
		md.CreatorHolding != 0 || md.TokenStandard != "Fungible" || md.TokenProgram != "spl-token" {
		t.Errorf("metadata %+v", md)
	}
	// Holders by owner, largest first, with burns and pools labelled.
	h := r.HoldersInfo.LargestAccounts
	if len(h) != 9 {
		t.Fatalf("%d holders: %+v", len(h), h)
	}
	kinds := map[string]string{}
	for _, x := range h {
		kinds[x.Address] = x.Kind + "/" + x.Label
		if !regexp.MustCompile(`^[0-9]+$`).MatchString(x.Amount) {
			t.Errorf("amount %q", x.Amount)
		}
	}
	if h[0].Address != raydiumAuthority || h[0].Percentage != 30 || kinds[raydiumAuthority] != "pool/Raydium AMM v4" ||
		kinds[incinerator] != "burn/Solana incinerator" || kinds[whirlpool] != "pool/Orca Whirlpool" || kinds[unknownPDA] != "/" {
		t.Errorf("holders %+v", h)
	}
	if kinds[wallet] != "/" || h[3].Address != wallet || h[3].Percentage != 5.5 {
		t.Errorf("aggregated wallet: %+v", h[3])
	}
	if r.HoldersInfo.TotalPercentage != 61.9 || r.HoldersInfo.TotalAmount.String() == "0" {
		t.Errorf("totals %v %v", r.HoldersInfo.TotalPercentage, r.HoldersInfo.TotalAmount)
	}
	top5 := issues(r)["SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT"].IssueDescription
	if !strings.Contains(top5, "11.4000%") || !strings.Contains(top5, "1 burn and 2 liquidity pool") {
		t.Errorf("top5 description: %s", top5)
	}
}

func TestReportJSONShape(t *testing.T) {
	e := newEnv(t)
	usdcHolders(e)
	r, err := e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, k := range []string{"scan_id", "scan_init_time", "client_id", "severity", "average_score", "issue_count", "scan_details", "holders_info", "metadata"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report lacks %s", k)
		}
	}
	ic := m["issue_count"].(map[string]any)
	for _, l := range []string{"Beneficial", "High Risk", "Low Risk", "Moderate Risk", "No Impact", "Unavailable"} {
		if _, ok := ic[l]; !ok {
			t.Errorf("issue_count lacks %q", l)
		}
	}
	md := m["metadata"].(map[string]any)
	for _, k := range []string{"creator_address", "creator_holding", "metadata_public_key", "mint_decimals", "mint_public_key", "mint_supply", "public_key", "token_address", "token_image_uri", "token_name", "token_standard", "token_symbol", "token_uri"} {
		if _, ok := md[k]; !ok {
			t.Errorf("metadata lacks %s", k)
		}
	}
	hi := m["holders_info"].(map[string]any)
	if _, ok := hi["total_amount"].(float64); !ok {
		t.Errorf("total_amount is not a number: %T", hi["total_amount"])
	}
	for _, d := range m["scan_details"].([]any) {
		is := d.(map[string]any)
		_, w1 := is["weight1"]
		_, w2 := is["weight2"]
		if (is["issue_status"] == "fail") != (w1 && w2) {
			t.Errorf("weights on %v", is)
		}
	}
	if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$`).MatchString(m["scan_init_time"].(string)) {
		t.Errorf("scan_init_time %v", m["scan_init_time"])
	}
}

func TestScanPYUSD(t *testing.T) {
	e := newEnv(t)
	pyusd := e.fx.Mint("PYUSD")
	holder := solanatest.WalletKey("pyusd holder")
	e.srv.AddTokenAccount(solanatest.Key("pyusd ta"), pyusd.Address, holder, 1000, solanatest.Token2022Program)
	e.srv.ResetCounters()
	r, err := e.scanner.Scan(context.Background(), pyusd.Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	if n := e.srv.Requests(); n != 2 {
		t.Errorf("%d round trips, want 2", n)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_TOKEN_UPDATE_AUTHORITY":                    failM,
		"SOLANA_TOKEN_FREEZE_AUTHORITY":                    failH,
		"SOLANA_TOKEN_MINT_AUTHORITY":                      failH,
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT":      passN,
		"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT": passN,
		"SOLANA_HOLDER_CONCENTRATION":                      passN,
		"SOLANA_TOKEN_MUTABLE_METADATA":                    failL,
		"SOLANA_TOKEN_PERMANENT_DELEGATE":                  failH,
		"SOLANA_TOKEN_TRANSFER_FEE":                        failM,
		"SOLANA_TOKEN_TRANSFER_HOOK":                       failL,
		"SOLANA_TOKEN_NON_TRANSFERABLE":                    passN,
		"SOLANA_TOKEN_DEFAULT_FROZEN":                      passN,
		"SOLANA_TOKEN_MINT_CLOSE_AUTHORITY":                failL,
		"SOLANA_TOKEN_PAUSABLE":                            passN,
		"SOLANA_TOKEN_CONFIDENTIAL_TRANSFERS":              failL,
		"SOLANA_TOKEN_UI_AMOUNT_AUTHORITY":                 passN,
	})
	md := r.Metadata
	if md.TokenName != "PayPal USD" || md.TokenSymbol != "PYUSD" || md.TokenURI != "https://token-metadata.paxos.com/pyusd_metadata/prod/solana/pyusd_metadata.json" ||
		md.MetadataPublicKey != pyusd.Address || md.TokenProgram != "token-2022" || md.MintSupply != "665165666541413" ||
		md.CreatorAddress != "2apBGMsS6ti9RyF5TwQTDswXBWskiJP2LD4cUEDqYJjk" {
		t.Errorf("metadata %+v", md)
	}
	is := issues(r)
	for id, s := range map[string]string{
		"SOLANA_TOKEN_PERMANENT_DELEGATE":   "2apBGMsS6ti9RyF5TwQTDswXBWskiJP2LD4cUEDqYJjk",
		"SOLANA_TOKEN_TRANSFER_FEE":         "0.00%",
		"SOLANA_TOKEN_MINT_CLOSE_AUTHORITY": "2apBGMsS6ti9RyF5TwQTDswXBWskiJP2LD4cUEDqYJjk",
	} {
		if !strings.Contains(is[id].IssueDescription, s) {
			t.Errorf("%s description lacks %q: %s", id, s, is[id].IssueDescription)
		}
	}
}

func TestScanBERNTransferFeeByEpoch(t *testing.T) {
	e := newEnv(t)
	bern := e.fx.Mint("BERN").Address
	cases := []struct {
		epoch    uint64
		fail     bool
		contains string
	}{
		{650, false, "4.20% (at most 3906250000000000000 base units) in epoch 650"},
		{700, false, "2.69% (at most 3906250000000000000 base units) in epoch 700"},
		{0, true, "4.20% (at most 3906250000000000000 base units) (current epoch unknown"},
	}
	for _, c := range cases {
		e.srv.SetEpoch(c.epoch)
		if c.fail {
			e.srv.FailMethod("getEpochInfo", -32603, "Internal error")
		}
		r, err := e.scanner.Scan(context.Background(), bern, 0)
		if err != nil {
			t.Fatal(err)
		}
		checkVerdicts(t, r, map[string]want{
			"SOLANA_TOKEN_MINT_AUTHORITY":                 passB,
			"SOLANA_TOKEN_FREEZE_AUTHORITY":               passB,
			"SOLANA_TOKEN_UPDATE_AUTHORITY":               passN,
			"SOLANA_TOKEN_TRANSFER_FEE":                   failM,
			"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT": unavail, // no metadata, no mint authority: no creator
		})
		fee := issues(r)["SOLANA_TOKEN_TRANSFER_FEE"].IssueDescription
		if !strings.Contains(fee, c.contains) || !strings.Contains(fee, "7MyTjmRygJoCuDBUtAuSugiYZFULD2SWaoUTmtjtRDzD") {
			t.Errorf("epoch %d: %s", c.epoch, fee)
		}
		if r.Metadata.TokenName != "" || r.Metadata.MetadataPublicKey != "" || r.Metadata.MintDecimals != 5 {
			t.Errorf("metadata %+v", r.Metadata)
		}
	}
}

func TestScanSUSDAndBNDRG(t *testing.T) {
	e := newEnv(t)
	susd := e.fx.Mint("sUSD")
	r, err := e.scanner.Scan(context.Background(), susd.Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_TOKEN_UPDATE_AUTHORITY":    failM,
		"SOLANA_TOKEN_MUTABLE_METADATA":    failL,
		"SOLANA_TOKEN_MINT_AUTHORITY":      failH,
		"SOLANA_TOKEN_FREEZE_AUTHORITY":    failH,
		"SOLANA_TOKEN_TRANSFER_FEE":        passN,
		"SOLANA_TOKEN_UI_AMOUNT_AUTHORITY": failL,
	})
	if d := issues(r)["SOLANA_TOKEN_UI_AMOUNT_AUTHORITY"].IssueDescription; !strings.Contains(d, "26.23% a year") || !strings.Contains(d, "FhVcYNEe58SMtxpZGnTu2kpYJrTu2vwCZDGpPLqbd2yG") {
		t.Errorf("interest: %s", d)
	}
	if r.Metadata.TokenName != "Solayer USD" || r.Metadata.TokenSymbol != "sUSD" || r.Metadata.TokenURI != "https://metadata.solayer.org/susd/meta-data.json" {
		t.Errorf("metadata %+v", r.Metadata)
	}
	if d := issues(r)["SOLANA_TOKEN_MUTABLE_METADATA"].IssueDescription; !strings.Contains(d, "3sUxQAhNNkProjXEbSfPQfAvWeGMozsCMzPUHw47ixiQ") {
		t.Errorf("pointer authority not named: %s", d)
	}

	// BNDRG: an NFT-like Token-2022 mint (supply 1) with a transfer hook; its creator holds it.
	bndrg := e.fx.Mint("BNDRG")
	creator := "BDrggjf4JfQ9R7kmYuGzVtWe7s4SZ86aubqsvmuvD1tm"
	e.srv.AddTokenAccount(solanatest.Key("bndrg ta"), bndrg.Address, creator, 1, solanatest.Token2022Program)
	r, err = e.scanner.Scan(context.Background(), bndrg.Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_TOKEN_TRANSFER_HOOK":                       failH,
		"SOLANA_TOKEN_MINT_CLOSE_AUTHORITY":                failL,
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT":      failM,
		"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT": failM,
		"SOLANA_HOLDER_CONCENTRATION":                      failH,
	})
	if d := issues(r)["SOLANA_TOKEN_TRANSFER_HOOK"].IssueDescription; !strings.Contains(d, "wns1gDLt8fgLcGhWi5MqAqgXpwEP1JftKE9eZnXS1HM") {
		t.Errorf("hook program not named: %s", d)
	}
	md := r.Metadata
	if md.TokenStandard != "NonFungible" || md.CreatorAddress != creator || md.CreatorHolding != 100 || md.TokenName != "Banana Dragon #2" {
		t.Errorf("metadata %+v", md)
	}
}

func TestScanBuiltToken2022Risks(t *testing.T) {
	e := newEnv(t)
	auth := solanatest.WalletKey("issuer")
	mint := solanatest.Key("risky mint")
	data := solanatest.Token2022MintData(solanatest.MintData("", 1_000_000, 6, auth),
		solanatest.TLV(9, nil),
		solanatest.TLV(6, []byte{2}),
		solanatest.TLV(26, append(solanatest.KeyBytes(auth), 1)),
		solanatest.TLV(24, make([]byte, 40)), // confidential mint/burn: kept as raw bytes
		solanatest.TLV(1, append(append(solanatest.KeyBytes(""), solanatest.KeyBytes("")...), feeSchedule(1500)...)),
		solanatest.TLV(12, solanatest.KeyBytes(auth)),
		solanatest.TLV(25, scaled(auth, 2.5)),
	)
	e.srv.SetAccount(mint, solanatest.Account{Owner: solanatest.Token2022Program, Data: data})
	r, err := e.scanner.Scan(context.Background(), mint, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_TOKEN_NON_TRANSFERABLE":               failH,
		"SOLANA_TOKEN_DEFAULT_FROZEN":                 failH,
		"SOLANA_TOKEN_PAUSABLE":                       failH,
		"SOLANA_TOKEN_CONFIDENTIAL_TRANSFERS":         failL,
		"SOLANA_TOKEN_TRANSFER_FEE":                   failH,
		"SOLANA_TOKEN_PERMANENT_DELEGATE":             failH,
		"SOLANA_TOKEN_MINT_AUTHORITY":                 passB,
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT": unavail,
		"SOLANA_TOKEN_UI_AMOUNT_AUTHORITY":            failL,
	})
	if d := issues(r)["SOLANA_TOKEN_UI_AMOUNT_AUTHORITY"].IssueDescription; !strings.Contains(d, "multiplied by 2.5") {
		t.Errorf("scaled: %s", d)
	}
	if d := issues(r)["SOLANA_TOKEN_TRANSFER_FEE"].IssueDescription; !strings.Contains(d, "15.00%") || !strings.Contains(d, "No one can change the fee") {
		t.Errorf("fee: %s", d)
	}
}

// scaled encodes a ScaledUiAmount value: authority, multiplier, no pending change.
func scaled(auth string, m float64) []byte {
	b := append([]byte(nil), solanatest.KeyBytes(auth)...)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(m))
	b = binary.LittleEndian.AppendUint64(b, 0)
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(m))
}

// feeSchedule encodes withheld 0 and two identical fee schedules from epoch 0.
func feeSchedule(bps uint16) []byte {
	b := make([]byte, 8)
	for i := 0; i < 2; i++ {
		s := make([]byte, 18)
		s[8], s[9] = 0xff, 0xff // maximum fee 65535
		s[16], s[17] = byte(bps), byte(bps>>8)
		b = append(b, s...)
	}
	return b
}

func TestScanHolderFailuresAreUnavailable(t *testing.T) {
	e := newEnv(t)
	usdcHolders(e)
	e.srv.FailMethod("getTokenLargestAccounts", 429, "Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.")
	r, err := e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT":      unavail,
		"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT": unavail,
		"SOLANA_HOLDER_CONCENTRATION":                      unavail,
		"SOLANA_TOKEN_MINT_AUTHORITY":                      failH,
	})
	if r.IssueCount[solana.Unavailable] != 3 || len(r.HoldersInfo.LargestAccounts) != 0 {
		t.Errorf("issue_count %v holders %v", r.IssueCount, r.HoldersInfo)
	}
	for _, is := range r.ScanDetails {
		if strings.Contains(is.IssueDescription, "SECRETKEY") {
			t.Errorf("key leaked: %s", is.IssueDescription)
		}
	}
	// The holders' accounts failing in the second round trip has the same effect.
	e.srv.FailMethod("getTokenLargestAccounts", 0, "")
	e.srv.SetInterceptor(func(w http.ResponseWriter, r *http.Request, methods []string) bool {
		if len(methods) == 1 && methods[0] == "getMultipleAccounts" {
			w.WriteHeader(http.StatusBadGateway)
			return true
		}
		return false
	})
	r, err = e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d := issues(r)["SOLANA_HOLDER_CONCENTRATION"]; d.IssueStatus != solana.StatusUnavailable || !strings.Contains(d.IssueDescription, "502") || strings.Contains(d.IssueDescription, "SECRETKEY") {
		t.Errorf("second trip failure: %+v", d)
	}
}

func TestScanInputErrors(t *testing.T) {
	e := newEnv(t)
	wallet := solanatest.WalletKey("a wallet")
	e.srv.AddWallet(wallet)
	ta := solanatest.Key("a token account")
	e.srv.AddTokenAccount(ta, e.fx.Mint("USDC").Address, wallet, 5, solanatest.TokenProgram)
	cases := map[string]error{
		"not-base58-0OIl":                     solana.ErrInvalidKey,
		"":                                    solana.ErrInvalidKey,
		"11111111111111111111111111111111111": solana.ErrInvalidKey,
		solanatest.Key("nothing here"):        solana.ErrNotFound,
		wallet:                                solana.ErrNotMint,
		ta:                                    solana.ErrNotMint,
		e.fx.Metadata.MetadataPDA:             solana.ErrNotMint,
	}
	for in, wantErr := range cases {
		_, err := e.scanner.Scan(context.Background(), in, 0)
		if !errors.Is(err, wantErr) {
			t.Errorf("Scan(%q): %v, want %v", in, err, wantErr)
		}
	}
	// The node failing on the first trip fails the scan with a clear error, not an input error.
	e.srv.FailMethod("getMultipleAccounts", -32005, "Node is unhealthy")
	_, err := e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 0)
	if err == nil || errors.Is(err, solana.ErrNotMint) || !strings.Contains(err.Error(), "Node is unhealthy") {
		t.Errorf("rpc failure: %v", err)
	}
}

func TestValidate(t *testing.T) {
	e := newEnv(t)
	wallet := solanatest.WalletKey("v wallet")
	e.srv.AddWallet(wallet)
	ta := solanatest.Key("v token account")
	e.srv.AddTokenAccount(ta, e.fx.Mint("USDC").Address, wallet, 5, solanatest.TokenProgram)
	ta22 := solanatest.Key("v t22 token account")
	e.srv.AddTokenAccount(ta22, e.fx.Mint("PYUSD").Address, wallet, 5, solanatest.Token2022Program)
	cases := map[string]bool{
		e.fx.Mint("USDC").Address:  true,
		e.fx.Mint("PYUSD").Address: true,
		e.fx.Mint("BNDRG").Address: true,
		wallet:                     false,
		ta:                         false,
		ta22:                       false,
		e.fx.Metadata.MetadataPDA:  false,
		solanatest.Key("missing"):  false,
		"garbage!":                 false,
		"":                         false,
		strings.Repeat("A", 5000):  false,
	}
	for in, want := range cases {
		got, err := e.scanner.Validate(context.Background(), in)
		if err != nil || got != want {
			t.Errorf("Validate(%.50q) = %v, %v; want %v", in, got, err, want)
		}
	}
	e.srv.FailMethod("getAccountInfo", -32005, "Node is behind")
	if _, err := e.scanner.Validate(context.Background(), e.fx.Mint("USDC").Address); err == nil {
		t.Error("rpc failure not reported")
	}
}

type fakeImages struct{ uris []string }

func (f *fakeImages) ResolveImage(_ context.Context, uri string) (string, error) {
	f.uris = append(f.uris, uri)
	return "https://img.example/pyusd.png", nil
}

func TestScanImageResolver(t *testing.T) {
	e := newEnv(t)
	imgs := &fakeImages{}
	e.scanner.Images = imgs
	r, err := e.scanner.Scan(context.Background(), e.fx.Mint("PYUSD").Address, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Metadata.TokenImageURI != "https://img.example/pyusd.png" || len(imgs.uris) != 1 || imgs.uris[0] != r.Metadata.TokenURI {
		t.Errorf("image %q, asked %v", r.Metadata.TokenImageURI, imgs.uris)
	}
	// USDC's metadata URI is empty: the resolver is not asked.
	if _, err := e.scanner.Scan(context.Background(), e.fx.Mint("USDC").Address, 0); err != nil || len(imgs.uris) != 1 {
		t.Errorf("asked for an empty uri: %v %v", imgs.uris, err)
	}
}

func BenchmarkScan(b *testing.B) {
	for _, name := range []string{"USDC", "PYUSD", "BERN"} {
		b.Run(name, func(b *testing.B) {
			e := newEnv(b)
			if name == "USDC" {
				usdcHolders(e) // pools among the holders: the third round trip
			}
			mint := e.fx.Mint(name).Address
			e.srv.ResetCounters()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := e.scanner.Scan(context.Background(), mint, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(e.srv.Requests())/float64(b.N), "roundtrips/scan")
		})
	}
}

func TestScanManyHoldersAndExternalMetadata(t *testing.T) {
	e := newEnv(t)
	creator := solanatest.WalletKey("creator")
	mint := solanatest.Key("many holders mint")
	external := solanatest.PDAKey("external metadata")
	ptr := append(solanatest.KeyBytes(creator), solanatest.KeyBytes(external)...)
	const supply = 1_000_000_000
	e.srv.SetAccount(mint, solanatest.Account{Owner: solanatest.Token2022Program,
		Data: solanatest.Token2022MintData(solanatest.MintData(creator, supply, 9, ""), solanatest.TLV(18, ptr))})
	// 25 holders of 2% each; the creator is not among the 20 the node lists.
	for i := 0; i < 25; i++ {
		e.srv.AddTokenAccount(solanatest.Key(fmt.Sprint("acct", i)), mint, solanatest.WalletKey(fmt.Sprint("holder", i)), supply/50, solanatest.Token2022Program)
	}
	r, err := e.scanner.Scan(context.Background(), mint, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, r, map[string]want{
		"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT":      passN,
		"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT": passN, // exactly 10% is not more than 10%
		"SOLANA_HOLDER_CONCENTRATION":                      passN,
		"SOLANA_TOKEN_UPDATE_AUTHORITY":                    unavail,
		"SOLANA_TOKEN_MUTABLE_METADATA":                    unavail,
		"SOLANA_TOKEN_MINT_AUTHORITY":                      failH,
	})
	if d := issues(r)["SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT"].IssueDescription; !strings.Contains(d, "holds no account among the largest, the smallest of which has 2.0000%") {
		t.Errorf("owner: %s", d)
	}
	if d := issues(r)["SOLANA_TOKEN_UPDATE_AUTHORITY"].IssueDescription; !strings.Contains(d, external) {
		t.Errorf("update authority: %s", d)
	}
	if len(r.HoldersInfo.LargestAccounts) != 20 || r.HoldersInfo.TotalPercentage != 40 || r.HoldersInfo.TotalAmount.String() != "400000000" {
		t.Errorf("holders %d %v %v", len(r.HoldersInfo.LargestAccounts), r.HoldersInfo.TotalPercentage, r.HoldersInfo.TotalAmount)
	}
	if r.Metadata.CreatorAddress != creator || r.Metadata.CreatorHolding != 0 {
		t.Errorf("creator %q %v", r.Metadata.CreatorAddress, r.Metadata.CreatorHolding)
	}
}
