package main

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// vigil serve prints where its dashboard is once it listens, and logs as text on a terminal,
// JSON otherwise.
func TestServeBannerAndLogFormat(t *testing.T) {
	banner := regexp.MustCompile(`vigil: dashboard at (http://127\.0\.0\.1:\d+/) `)
	for _, terminal := range []bool{false, true} {
		cmd := exec.Command(vigilBin, "serve", "--listen", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "VIGIL_DATA_DIR="+t.TempDir())
		var stderr io.Reader
		if terminal {
			ptmx, tty, err := pty.Open()
			if err != nil {
				t.Skipf("no pseudo-terminal: %v", err)
			}
			defer ptmx.Close()
			cmd.Stderr = tty
			stderr = ptmx
			defer tty.Close()
		} else {
			r, w := io.Pipe()
			cmd.Stderr = w
			stderr = r
			defer w.Close()
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 100)
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				lines <- strings.TrimRight(sc.Text(), "\r")
			}
			close(lines)
		}()
		var url string
		var logs []string
		deadline := time.After(30 * time.Second)
	read:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					break read
				}
				if m := banner.FindStringSubmatch(l); m != nil {
					url = m[1]
				} else {
					logs = append(logs, l)
				}
				if url != "" && len(logs) > 0 && strings.Contains(strings.Join(logs, "\n"), "serving") {
					break read
				}
			case <-deadline:
				break read
			}
		}
		if url == "" {
			cmd.Process.Signal(os.Interrupt)
			cmd.Wait()
			t.Fatalf("terminal %v: no dashboard URL printed; stderr:\n%s", terminal, strings.Join(logs, "\n"))
		}
		// The URL printed is the dashboard's: its sign-in page.
		resp, err := http.Get(url)
		if err != nil || resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/login" {
			t.Errorf("terminal %v: GET %s: %v %v", terminal, url, err, resp)
		}
		if resp != nil {
			resp.Body.Close()
		}
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		all := strings.Join(logs, "\n")
		json, text := strings.Contains(all, `"msg":"serving"`), strings.Contains(all, "msg=serving")
		if terminal != text || terminal == json {
			t.Errorf("terminal %v: logs are not %s:\n%s", terminal, map[bool]string{true: "text", false: "JSON"}[terminal], all)
		}
	}
}
