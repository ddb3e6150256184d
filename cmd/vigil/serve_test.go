package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
)

// servedVigil is a `vigil serve` process on loopback.
type servedVigil struct {
	cmd *exec.Cmd
	url string
	env []string
}

func freeAddr(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func startVigil(t *testing.T, env []string) *servedVigil {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(vigilBin, "serve")
	cmd.Env = append(append(os.Environ(), env...), "VIGIL_LISTEN="+addr, "VIGIL_PUBLIC_URL=http://"+addr)
	var logs bytes.Buffer
	cmd.Stderr = &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &servedVigil{cmd: cmd, url: "http://" + addr, env: env}
	t.Cleanup(func() { s.stop() })
	for i := 0; i < 200; i++ {
		if resp, err := http.Get(s.url + "/healthz"); err == nil {
			resp.Body.Close()
			return s
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("vigil serve did not start: %s", logs.String())
	return nil
}

func (s *servedVigil) stop() {
	if s.cmd.Process != nil && s.cmd.ProcessState == nil {
		s.cmd.Process.Signal(os.Interrupt)
		s.cmd.Wait()
	}
}

func post(t *testing.T, url, authz, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func TestServeAllSurfaces(t *testing.T) {
	fixtures := filepath.Join(repoRoot, "..", "shared", "corpus", "solana-fixtures")
	if _, err := os.Stat(fixtures); err != nil {
		t.Skip("corpus not available")
	}
	vault, _ := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	es := explorertest.NewServer("EK")
	defer es.Close()
	const addr = "0x1111111111111111111111111111111111111111"
	es.Add(addr, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6", Files: map[string]string{"Vault.sol": string(vault)}})
	sol := solanatest.NewServer()
	defer sol.Close()
	f, err := solanatest.LoadFixtures(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	sol.AddFixtures(f)

	data := t.TempDir()
	env := []string{"VIGIL_DATA_DIR=" + data, "VIGIL_ALLOW_PRIVATE_NETWORKS=true", "VIGIL_ETHERSCAN_URL=" + es.URL,
		"VIGIL_ETHERSCAN_API_KEY=EK", "VIGIL_SOURCIFY_URL=" + es.URL + "/none", "VIGIL_BLOCKSCOUT_URL=" + es.URL + "/none",
		"VIGIL_SOLANA_RPC_URL=" + sol.URL + "/?api-key=SOLSECRET", "VIGIL_LOG_FORMAT=text"}

	// A key, created by the command line.
	keys := exec.Command(vigilBin, "keys", "create", "--name", "ci")
	keys.Env = append(os.Environ(), env...)
	out, err := keys.CombinedOutput()
	if err != nil {
		t.Fatalf("vigil keys create: %v\n%s", err, out)
	}
	key := regexp.MustCompile(`vgl_[A-Za-z0-9_-]+`).FindString(string(out))
	if key == "" {
		t.Fatalf("no key printed: %s", out)
	}

	srv := startVigil(t, env)

	// JSON-RPC ss_quickscan.
	code, body := post(t, srv.url+"/rpc", "", `{"jsonrpc":"2.0","id":7,"method":"ss_quickscan","params":["`+addr+`","1","1"]}`)
	var rpcResp struct {
		ID     int `json:"id"`
		Result struct {
			ScanID      string  `json:"scan_id"`
			ScoreV2     string  `json:"score_v2"`
			ThreatScore *string `json:"threat_score"`
			ReportURL   string  `json:"report_url"`
			Contract    struct {
				Name string `json:"name"`
			} `json:"contract"`
			TopFindings []struct {
				IssueID string `json:"issue_id"`
			} `json:"top_findings"`
		} `json:"result"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	json.Unmarshal(body, &rpcResp)
	if code != 200 || rpcResp.Error != nil || rpcResp.ID != 7 || rpcResp.Result.Contract.Name != "Vault" ||
		rpcResp.Result.ThreatScore == nil || len(rpcResp.Result.TopFindings) == 0 {
		t.Fatalf("ss_quickscan: %d %s", code, body)
	}
	resp, err := http.Get(rpcResp.Result.ReportURL)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("report link %s: %v %v", rpcResp.Result.ReportURL, err, resp)
	}
	resp.Body.Close()
	code, body = post(t, srv.url+"/rpc", "", `{"jsonrpc":"2.0","id":8,"method":"ss_quickscan","params":["`+addr+`","56","1"]}`)
	if !strings.Contains(string(body), "-32602") {
		t.Errorf("chain 56 is not served by explorer 1: %s", body)
	}
	code, body = post(t, srv.url+"/rpc", "", `{"jsonrpc":"2.0","id":9,"method":"ss_quickscan","params":["0x4444444444444444444444444444444444444444","1","1"]}`)
	if !strings.Contains(string(body), "-32001") {
		t.Errorf("unverified contract: %s", body)
	}

	// Token routes of the second host.
	const usdc = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
	code, body = post(t, srv.url+"/app/api-validate-solana-token/", "", `{"token":"`+usdc+`"}`)
	if code != 200 || !strings.Contains(string(body), `"token_valid":true`) {
		t.Errorf("validate: %d %s", code, body)
	}
	req, _ := http.NewRequest("GET", srv.url+"/app/api/v1/solana-scan/"+usdc, nil)
	req.Header.Set("Authorization", "Token "+key)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	scanBody, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var scanResp struct {
		Status string `json:"status"`
		Data   struct {
			ScanID string `json:"scan_id"`
		} `json:"data"`
	}
	json.Unmarshal(scanBody, &scanResp)
	if resp.StatusCode != 200 || scanResp.Status != "success" || scanResp.Data.ScanID == "" || strings.Contains(string(scanBody), "SOLSECRET") {
		t.Fatalf("token scan: %d %s", resp.StatusCode, scanBody)
	}

	// Stored scans survive a restart.
	srv.stop()
	srv = startVigil(t, env)
	code, body = post(t, srv.url+"/app/api-get-solana-scan-details/", "", `{"scan_id":"`+scanResp.Data.ScanID+`"}`)
	if code != 200 || !strings.Contains(string(body), scanResp.Data.ScanID) || !strings.Contains(string(body), `"success":true`) {
		t.Errorf("token scan details after restart: %d %s", code, body)
	}
	// The restarted server listens elsewhere: follow the link's path there.
	link := rpcResp.Result.ReportURL[strings.Index(rpcResp.Result.ReportURL, "/quickscan/"):]
	resp, err = http.Get(srv.url + link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("quick scan report after restart: %d", resp.StatusCode)
	}
	// The private API answers with the same key.
	code, body = post(t, srv.url+"/private/api-start-scan-block/", "Bearer "+key,
		`{"contract_address":"`+addr+`","contract_platform":"etherscan","contract_chain":"mainnet"}`)
	if code != 200 || !strings.Contains(string(body), `"scan_type":"block"`) {
		t.Errorf("block scan: %d %s", code, body)
	}
}
