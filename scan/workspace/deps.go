package workspace

import (
	"bufio"
	"bytes"
	"path"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// Remapping is a Solidity import remapping (solc's [context:]prefix=target), with Target made
// relative to the workspace root so the import resolver can use it directly.
type Remapping struct {
	Context string // only imports from files under this path are remapped; "" for all
	Prefix  string // import path prefix, for example "@openzeppelin/"
	Target  string // slash path relative to the workspace root, for example "lib/openzeppelin-contracts/"
	Project string // folder of the remappings.txt or foundry.toml that declared it; "" for the root
}

// depRules decides which files are dependencies. A file is a dependency when it is under:
//
//   - a folder named node_modules or .deps (Remix) at any depth;
//   - lib/ or dependencies/ (Soldeer) of a Foundry project (the workspace root or a folder with
//     foundry.toml), or a folder listed in foundry.toml's libs;
//   - a folder named vendor or dependencies at any depth (vendored copies: cargo vendor,
//     contracts/dependencies/openzeppelin);
//   - the target of a remapping, unless that target is the project's own src, test, script or
//     contracts folder (remappings like "@src/=src/" name the project itself);
//   - a Rust crate copied from a registry or used through a path outside its workspace
//     (see cargoDependencyRoots).
type depRules struct {
	roots  []string // dependency folders, each ending in "/"
	tests  []string // test and script folders of the projects, each ending in "/"
	remaps []Remapping
	// why names the setting or convention that made each of roots and tests one, for a
	// message that says which setting left a file out of the report (scan's "no file in scope").
	why map[string]string
}

// foundryConfig holds the few foundry.toml keys that matter here.
type foundryConfig struct {
	Src        string   `toml:"src"`
	Test       string   `toml:"test"`
	Script     string   `toml:"script"`
	Libs       []string `toml:"libs"`
	Remappings []string `toml:"remappings"`
}

// newDepRules builds the rules from the project files found in the workspace (slash path to
// content). Malformed project files are noted and otherwise ignored: they are the user's build
// configuration, not something to refuse a scan over.
func newDepRules(configs map[string][]byte, note func(p, reason string)) *depRules {
	d := &depRules{why: map[string]string{}}
	roots := map[string]bool{}
	addRoot := func(p, why string) {
		if p == "" || p == "." || strings.HasPrefix(p, "../") || p == ".." {
			return
		}
		p = strings.TrimSuffix(p, "/") + "/"
		roots[p] = true
		if d.why[p] == "" {
			d.why[p] = why
		}
	}
	projects := map[string]bool{"": true} // folders that are Foundry-style projects
	for p := range configs {
		switch path.Base(p) {
		case "foundry.toml", "remappings.txt":
			projects[dirOf(p)] = true
		}
	}

	names := make([]string, 0, len(projects))
	for p := range projects {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, proj := range names {
		cfg := foundryConfig{}
		if data, ok := configs[join(proj, "foundry.toml")]; ok {
			var err error
			cfg, err = parseFoundry(data)
			if err != nil {
				note(join(proj, "foundry.toml"), "could not be read ("+err.Error()+"); default folders assumed")
			}
		}
		libs, libsWhy := cfg.Libs, join(proj, "foundry.toml")+" libs"
		if len(libs) == 0 {
			libs, libsWhy = []string{"lib"}, "the lib/ folder of a Foundry project"
		}
		for _, l := range libs {
			addRoot(join(proj, cleanRel(l)), libsWhy)
		}
		addRoot(join(proj, "dependencies"), "the dependencies/ folder of a Foundry project (Soldeer)")
		for i, t := range []string{cfg.Test, cfg.Script, "test", "script"} {
			why := [...]string{join(proj, "foundry.toml") + " test = " + quote(cfg.Test), join(proj, "foundry.toml") + " script = " + quote(cfg.Script),
				"the test/ folder of a project", "the script/ folder of a project"}[i]
			if t = cleanRel(t); t != "" && t != ".." && !strings.HasPrefix(t, "../") && t != cleanRel(cfg.Src) {
				d.tests = append(d.tests, join(proj, t)+"/")
				if d.why[join(proj, t)+"/"] == "" {
					d.why[join(proj, t)+"/"] = why
				}
			}
		}
		own := []string{"src", "test", "script", "contracts"}
		for _, o := range []string{cfg.Src, cfg.Test, cfg.Script} {
			if o != "" {
				own = append(own, cleanRel(o))
			}
		}
		lines := cfg.Remappings
		if data, ok := configs[join(proj, "remappings.txt")]; ok {
			sc := bufio.NewScanner(bytes.NewReader(data))
			for sc.Scan() {
				lines = append(lines, sc.Text())
			}
		}
		for _, line := range lines {
			r, ok := parseRemapping(proj, line)
			if !ok {
				continue
			}
			d.remaps = append(d.remaps, r)
			if !isOwn(proj, r.Target, own) {
				addRoot(r.Target, "the remapping "+quote(strings.TrimSpace(line)))
			}
		}
	}
	for _, t := range hardhatTestFolders(configs) {
		d.tests = append(d.tests, t)
		if d.why[t] == "" {
			d.why[t] = "the Hardhat config's paths.tests"
		}
	}
	for _, r := range cargoDependencyRoots(configs) {
		addRoot(r, "a Rust crate copied from a registry or used from outside its workspace")
	}
	for r := range roots {
		d.roots = append(d.roots, r)
	}
	sort.Strings(d.roots)
	return d
}

func parseFoundry(data []byte) (foundryConfig, error) {
	var doc struct {
		Profile map[string]foundryConfig `toml:"profile"`
		Default *foundryConfig           `toml:"default"` // pre-profile layout
	}
	if err := toml.Unmarshal(data, &doc); err != nil {
		return foundryConfig{}, err
	}
	if c, ok := doc.Profile["default"]; ok {
		return c, nil
	}
	if doc.Default != nil {
		return *doc.Default, nil
	}
	return foundryConfig{}, nil
}

// parseRemapping parses "[context:]prefix=target" from the project folder proj.
func parseRemapping(proj, line string) (Remapping, bool) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return Remapping{}, false
	}
	lhs, target, ok := strings.Cut(line, "=")
	if !ok || lhs == "" || target == "" {
		return Remapping{}, false
	}
	if strings.HasPrefix(strings.TrimSpace(target), "/") {
		return Remapping{}, false // absolute: outside the workspace
	}
	ctx, prefix, hasCtx := strings.Cut(lhs, ":")
	if !hasCtx {
		ctx, prefix = "", lhs
	}
	t := join(proj, cleanRel(target))
	if t == "" || t == ".." || strings.HasPrefix(t, "../") {
		return Remapping{}, false // points outside the workspace: nothing there to read
	}
	if strings.HasSuffix(target, "/") {
		t += "/"
	}
	r := Remapping{Prefix: prefix, Target: t, Project: proj}
	if ctx != "" {
		r.Context = join(proj, cleanRel(ctx))
	}
	return r, true
}

// isOwn reports whether target is the project folder or one of its own source folders.
func isOwn(proj, target string, own []string) bool {
	t := strings.TrimSuffix(target, "/")
	if t == strings.TrimSuffix(proj, "/") {
		return true
	}
	for _, o := range own {
		o = join(proj, o)
		if t == o || strings.HasPrefix(t, o+"/") {
			return true
		}
	}
	return false
}

// isDependency reports whether the file at rel is a dependency.
func (d *depRules) isDependency(rel string) bool { return d.whyDependency(rel) != "" }

// whyDependency names the rule that makes the file at rel a dependency, "" when none does.
func (d *depRules) whyDependency(rel string) string {
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		switch seg {
		case "node_modules", ".deps", "vendor", "dependencies":
			return "a folder named " + seg
		}
	}
	for _, r := range d.roots {
		if strings.HasPrefix(rel, r) {
			return d.why[r]
		}
	}
	return ""
}

// isTest reports whether the file at rel is test or script code: under a folder named test or
// tests, under a project's test or script folder (foundry.toml's test and script, by default
// test/ and script/), or named *.t.sol or *.s.sol (Foundry's conventions).
func (d *depRules) isTest(rel string) bool { return d.whyTest(rel) != "" }

// whyTest names the rule that makes the file at rel test or script code, "" when none does.
func (d *depRules) whyTest(rel string) string {
	if strings.HasSuffix(rel, ".t.sol") || strings.HasSuffix(rel, ".s.sol") {
		return "the *.t.sol and *.s.sol names of Foundry tests and scripts"
	}
	// A project's own setting first: it names the folder the user chose.
	for _, t := range d.tests {
		if strings.HasPrefix(rel, t) {
			return d.why[t]
		}
	}
	for _, seg := range strings.Split(path.Dir(rel), "/") {
		if seg == "test" || seg == "tests" {
			return "a folder named " + seg
		}
	}
	return ""
}

func dirOf(p string) string {
	d := path.Dir(p)
	if d == "." {
		return ""
	}
	return d
}

func join(dir, p string) string {
	if dir == "" {
		return cleanRel(p)
	}
	return cleanRel(dir + "/" + p)
}

// cleanRel cleans a relative slash path; "" stands for the root.
func cleanRel(p string) string {
	p = path.Clean(strings.TrimPrefix(strings.TrimSpace(p), "./"))
	p = strings.TrimPrefix(p, "/")
	if p == "." {
		return ""
	}
	return p
}
