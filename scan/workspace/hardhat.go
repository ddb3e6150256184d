package workspace

import (
	"regexp"
	"strings"
)

// hardhatConfigs are the names of a Hardhat project's configuration file.
var hardhatConfigs = []string{"hardhat.config.js", "hardhat.config.ts", "hardhat.config.cjs", "hardhat.config.mjs", "hardhat.config.cts", "hardhat.config.mts"}

var (
	hardhatPaths   = regexp.MustCompile(`\bpaths\s*:\s*\{`)
	hardhatSources = regexp.MustCompile(`\bsources\s*:\s*["'` + "`" + `]([^"'` + "`" + `\n]+)["'` + "`" + `]`)
	// tests: "./test" (Hardhat 2) or tests: { solidity: "./test/foundry", ... } (Hardhat 3).
	hardhatTests      = regexp.MustCompile(`\btests\s*:\s*["'` + "`" + `]([^"'` + "`" + `\n]+)["'` + "`" + `]`)
	hardhatTestObject = regexp.MustCompile(`\btests\s*:\s*\{([^{}]*)\}`)
	hardhatTestEntry  = regexp.MustCompile(`\b(?:solidity|mocha|nodejs)\s*:\s*["'` + "`" + `]([^"'` + "`" + `\n]+)["'` + "`" + `]`)
)

// parseHardhat reads the paths a Hardhat configuration sets: the sources folder and the test
// folders. The file is JavaScript or TypeScript, never run: only the literal strings of its
// paths object are read (a computed path is left to the defaults, contracts/ and test/).
func parseHardhat(src []byte) (sources string, tests []string) {
	loc := hardhatPaths.FindIndex(src)
	if loc == nil {
		return "", nil
	}
	// The paths object: up to its closing brace, nested objects included.
	depth, end := 1, len(src)
	for i := loc[1]; i < len(src); i++ {
		if src[i] == '{' {
			depth++
		} else if src[i] == '}' {
			if depth--; depth == 0 {
				end = i
				break
			}
		}
	}
	body := string(src[loc[1]:end])
	if m := hardhatSources.FindStringSubmatch(body); m != nil {
		sources = strings.TrimSpace(m[1])
	}
	if m := hardhatTests.FindStringSubmatch(body); m != nil {
		tests = append(tests, strings.TrimSpace(m[1]))
	}
	if m := hardhatTestObject.FindStringSubmatch(body); m != nil {
		for _, e := range hardhatTestEntry.FindAllStringSubmatch(m[1], -1) {
			tests = append(tests, strings.TrimSpace(e[1]))
		}
	}
	return sources, tests
}

// hardhatTestFolders returns the test folders the Hardhat configurations among configs name,
// relative to the workspace root and ending in "/", leaving out a folder that is also the
// project's sources or lies outside the project.
func hardhatTestFolders(configs map[string][]byte) []string {
	var out []string
	for p, data := range configs {
		isHardhat := false
		for _, name := range hardhatConfigs {
			isHardhat = isHardhat || strings.HasSuffix("/"+p, "/"+name)
		}
		if !isHardhat {
			continue
		}
		proj := dirOf(p)
		sources, tests := parseHardhat(data)
		for _, t := range tests {
			t = cleanRel(t)
			if t == "" || t == ".." || strings.HasPrefix(t, "../") || t == cleanRel(sources) {
				continue
			}
			out = append(out, join(proj, t)+"/")
		}
	}
	return out
}
