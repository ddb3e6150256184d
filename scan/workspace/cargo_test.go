package workspace

import (
	"strings"
	"testing"
)

func TestCargoDependencyRoots(t *testing.T) {
	configs := map[string][]byte{
		// A workspace: path dependencies under its root are members (Cargo's rule), the
		// excluded folder and a crate outside the root are not.
		"Cargo.toml":                   []byte("[workspace]\nmembers = [\"programs/*\"]\nexclude = [\"forks\"]\n"),
		"programs/a/Cargo.toml":        []byte("[package]\nname = \"a\"\n[dependencies]\ncommon = { path = \"../../libs/common\" }\nfork = { path = \"../../forks/fork\" }\n[target.'cfg(unix)'.dev-dependencies]\nhelper = { path = \"../../helper\" }\n"),
		"libs/common/Cargo.toml":       []byte("[package]\nname = \"common\"\n"),
		"forks/fork/Cargo.toml":        []byte("[package]\nname = \"fork\"\n"),
		"helper/Cargo.toml":            []byte("[package]\nname = \"helper\"\n"),
		"libs/common/Cargo.toml.orig":  nil, // a published copy, even inside the workspace
		"standalone/prog/Cargo.toml":   []byte("[package]\nname = \"prog\"\n[dependencies]\nx = { path = \"../x\" }\ny = { path = \"y\" }\nother = { path = \"../other\" }\nmissing = { path = \"../../../elsewhere\" }\n"),
		"standalone/x/Cargo.toml":      []byte("[package]\nname = \"x\"\n"),
		"standalone/other/Cargo.toml":  []byte("[package]\nname = \"other\"\n[lib]\ncrate-type = [\"cdylib\", \"lib\"]\n"),
		"standalone/prog/y/Cargo.toml": []byte("[package]\nname = \"y\"\n"),
		"broken/Cargo.toml":            []byte("[package\n"),
	}
	// standalone/ is under the root workspace too: its crates' path dependencies below the
	// root are members. Only the excluded fork and the registry copy are dependencies there.
	if got := strings.Join(cargoDependencyRoots(configs), " "); got != "forks/fork libs/common" {
		t.Errorf("with a root workspace: %q", got)
	}
	delete(configs, "Cargo.toml")
	delete(configs, "libs/common/Cargo.toml.orig")
	// Without a workspace, a path dependency outside the crate that uses it is someone else's
	// code; one nested in it is the crate's own, and so is another program.
	if got := strings.Join(cargoDependencyRoots(configs), " "); got != "forks/fork helper libs/common standalone/x" {
		t.Errorf("without a workspace: %q", got)
	}
}
