package layout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// solcJS finds the solc npm package (.ci/run installs it and exports VIGIL_SOLCJS, the folder
// holding node_modules/solc). Without it the comparison skips, unless VIGIL_CI=1.
func solcJS(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("VIGIL_SOLCJS")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "vigil-ci", "solc-"+solcVersion)
	}
	_, err := os.Stat(filepath.Join(dir, "node_modules", "solc", "soljson.js"))
	_, nodeErr := exec.LookPath("node")
	if err != nil || nodeErr != nil {
		if os.Getenv("VIGIL_CI") == "1" {
			t.Fatalf("solc-js %s is not installed in %s (.ci/run installs it)", solcVersion, dir)
		}
		t.Skipf("solc-js %s is not installed (run .ci/run, or npm install --prefix %s solc@%s)", solcVersion, dir, solcVersion)
	}
	return dir
}

// solcVersion is the solc-js release .ci/run pins.
const solcVersion = "0.8.30"

// compileScript runs solc's standard JSON on the sources read from standard input and prints
// each contract's storageLayout.
const compileScript = `
const solc = require(process.argv[1] + '/node_modules/solc');
let input = '';
process.stdin.on('data', d => input += d);
process.stdin.on('end', () => {
  const sources = JSON.parse(input);
  const req = {language: 'Solidity', sources: {}, settings: {outputSelection: {'*': {'*': ['storageLayout']}}}};
  for (const [p, src] of Object.entries(sources)) req.sources[p] = {content: src};
  process.stdout.write(solc.compile(JSON.stringify(req)));
});`

type solcOutput struct {
	Errors []struct {
		Severity         string `json:"severity"`
		FormattedMessage string `json:"formattedMessage"`
	} `json:"errors"`
	Contracts map[string]map[string]struct {
		StorageLayout json.RawMessage `json:"storageLayout"`
	} `json:"contracts"`
}

// astIDs are the AST node ids solc writes in type identifiers; Vigil writes positions there.
var astIDs = regexp.MustCompile(`(t_(?:struct|enum|contract|userDefinedValueType)\([A-Za-z0-9_$]+\))\d+`)

// normalise drops what only a compiler run assigns (astId, the ids in type identifiers) from a
// layout in JSON, and Vigil's namespaces, which solc does not compute.
func normalise(t *testing.T, raw []byte) any {
	t.Helper()
	raw = astIDs.ReplaceAll(raw, []byte("${1}ID"))
	raw = regexp.MustCompile(`"astId":\s*\d+`).ReplaceAll(raw, []byte(`"astId":0`))
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	delete(v, "namespaces")
	return v
}

// TestMatchesSolc lays out 240 generated contracts (every base of each too) and compares each
// layout with the one solc-js computes: they must be identical.
func TestMatchesSolc(t *testing.T) {
	dir := solcJS(t)
	sources := generate(7201, 240)
	input, _ := json.Marshal(sources)
	cmd := exec.Command("node", "-e", compileScript, dir)
	cmd.Stdin = bytes.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("solc-js: %v\n%s", err, stderr.String())
	}
	var res solcOutput
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("solc-js output: %v", err)
	}
	for _, e := range res.Errors {
		if e.Severity == "error" {
			t.Fatalf("the generator wrote invalid Solidity:\n%s", e.FormattedMessage)
		}
	}

	var srcs []sema.SourceFile
	for p, src := range sources {
		srcs = append(srcs, sema.SourceFile{Path: p, Src: []byte(src)})
	}
	prog := sema.Load(srcs, nil)
	for _, d := range prog.Diagnostics {
		t.Errorf("vigil: %s", d)
	}
	compared := 0
	for _, c := range prog.Contracts {
		want, ok := res.Contracts[c.File.Path][c.Name]
		if !ok {
			t.Fatalf("solc has no contract %s:%s", c.File.Path, c.Name)
		}
		l, err := Of(prog, c)
		if err != nil {
			t.Errorf("%s:%s: %v", c.File.Path, c.Name, err)
			continue
		}
		got, _ := json.Marshal(l)
		if g, w := normalise(t, got), normalise(t, want.StorageLayout); !reflect.DeepEqual(g, w) {
			t.Errorf("%s:%s: the layout differs from solc's\n%s", c.File.Path, c.Name, firstDifference(g, w))
			if t.Failed() && compared > 3 {
				break
			}
		}
		if l.Storage != nil && len(l.Storage) > 0 {
			compared++
		}
	}
	if compared < 200 {
		t.Fatalf("compared %d contracts with storage, want at least 200", compared)
	}
	t.Logf("%d contracts with storage identical to solc %s's layout", compared, solcVersion)
}

// firstDifference describes where two decoded JSON values first differ.
func firstDifference(got, want any) string {
	var walk func(path string, g, w any) string
	walk = func(path string, g, w any) string {
		switch wv := w.(type) {
		case map[string]any:
			gv, ok := g.(map[string]any)
			if !ok {
				return fmt.Sprintf("%s: got %v, solc %v", path, g, w)
			}
			keys := make([]string, 0, len(wv)+len(gv))
			for k := range wv {
				keys = append(keys, k)
			}
			for k := range gv {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range slices.Compact(keys) {
				if d := walk(path+"."+k, gv[k], wv[k]); d != "" {
					return d
				}
			}
		case []any:
			gv, ok := g.([]any)
			if !ok || len(gv) != len(wv) {
				return fmt.Sprintf("%s: got %v\nsolc %v", path, g, w)
			}
			for i := range wv {
				if d := walk(fmt.Sprintf("%s[%d]", path, i), gv[i], wv[i]); d != "" {
					return d
				}
			}
		default:
			if !reflect.DeepEqual(g, w) {
				return fmt.Sprintf("%s: got %v, solc %v", path, g, w)
			}
		}
		return ""
	}
	return walk("", got, want)
}
