package model

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

var wantRe = regexp.MustCompile(`(?://|#)\s*want((?:\s+"[A-Z0-9_]+")+)`)

// wants maps "file:line" to the ids wanted there, for every .rs file and
// Cargo.lock of a crate folder.
func wants(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".rs") || d.Name() == "Cargo.lock") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for i, line := range strings.Split(string(data), "\n") {
			if m := wantRe.FindStringSubmatch(line); m != nil {
				for _, id := range regexp.MustCompile(`"([A-Z0-9_]+)"`).FindAllStringSubmatch(m[1], -1) {
					key := filepath.ToSlash(rel) + ":" + itoa(i+1)
					out[key] = append(out[key], id[1])
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestDetectorFixtures loads every fixture crate and checks that it parses,
// that the model finds its program, and that want comments are well
// formed: the folder's id, none in the crates that must stay silent.
func TestDetectorFixtures(t *testing.T) {
	classes, err := filepath.Glob("../testdata/detectors/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, class := range classes {
		if fi, err := os.Stat(class); err != nil || !fi.IsDir() {
			continue
		}
		n++
		id := "SOLANA_" + strings.ToUpper(filepath.Base(class))
		crates, _ := filepath.Glob(filepath.Join(class, "*"))
		for _, dir := range crates {
			name := filepath.Base(class) + "/" + filepath.Base(dir)
			ws, err := LoadWorkspace(dir, Limits{})
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if len(ws.Crates) != 1 || len(ws.Crates[0].Errors) > 0 {
				t.Errorf("%s: %d crates, errors %v", name, len(ws.Crates), ws.Crates[0].Errors)
				continue
			}
			c := ws.Crates[0]
			p := AnalyzeCrate(ws.Fset, c)
			if c.IsAnchor() {
				if len(p.Anchor) != 1 || len(p.Anchor[0].Handlers) == 0 {
					t.Errorf("%s: no #[program] handlers", name)
				}
				for _, h := range p.Anchor[0].Handlers {
					if h.Accounts == nil {
						t.Errorf("%s: handler %s: accounts %s not found", name, h.Name, h.AccountsType)
					}
				}
				for _, as := range p.Accounts {
					if len(as.Errors) > 0 {
						t.Errorf("%s: %s: %v", name, as.Name, as.Errors)
					}
				}
			} else if len(p.Entrypoints) != 1 || p.Entrypoints[0].Func == nil {
				t.Errorf("%s: native entrypoint not resolved", name)
			}
			ws2 := wants(t, dir)
			silent := strings.Contains(dir, "fixed") || strings.HasSuffix(dir, "overflow_checks")
			if silent && len(ws2) > 0 {
				t.Errorf("%s: must have no want comments, has %v", name, ws2)
			}
			if !silent && len(ws2) == 0 {
				t.Errorf("%s: no want comments", name)
			}
			for at, ids := range ws2 {
				for _, got := range ids {
					if got != id {
						t.Errorf("%s:%s: want %q, folder id is %q", name, at, got, id)
					}
				}
			}
		}
	}
	if n < 16 {
		t.Errorf("%d detector classes, want at least 16", n)
	}
}

// lineSet turns want keys into "file:line" set for one crate.
func lineSet(m map[string][]string) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

func relLine(t *testing.T, ws *Workspace, c *Crate, pos token.Pos) string {
	t.Helper()
	ps := ws.Fset.Position(pos)
	rel := strings.TrimPrefix(ps.Filename, c.Dir+"/")
	return rel + ":" + itoa(ps.Line)
}

// TestModelAnswersFixtures runs small reference checks written only with
// the model's queries over a few fixture classes. They show the model
// carries what the detectors need; they are not the detectors.
func TestModelAnswersFixtures(t *testing.T) {
	check := func(class, crate string, find func(*Workspace, *Crate, *Program) []token.Pos) {
		t.Helper()
		dir := filepath.Join("../testdata/detectors", class, crate)
		ws, err := LoadWorkspace(dir, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		c := ws.Crates[0]
		p := AnalyzeCrate(ws.Fset, c)
		got := map[string]bool{}
		for _, pos := range find(ws, c, p) {
			got[relLine(t, ws, c, pos)] = true
		}
		want := lineSet(wants(t, dir))
		for k := range want {
			if !got[k] {
				t.Errorf("%s/%s: %s wanted, not found", class, crate, k)
			}
		}
		for k := range got {
			if !want[k] {
				t.Errorf("%s/%s: %s found, not wanted", class, crate, k)
			}
		}
	}

	// UncheckedAccount/AccountInfo fields without a CHECK note.
	check("unchecked_account_without_check_note", "anchor", func(ws *Workspace, c *Crate, p *Program) []token.Pos {
		var out []token.Pos
		for _, as := range p.Accounts {
			for _, f := range as.Fields {
				k := f.Type.Kind
				if (k == KindUncheckedAccount || k == KindAccountInfo) && !f.HasCheck {
					out = append(out, f.Field.Name.Pos())
				}
			}
		}
		return out
	})

	// Unsafe blocks, functions and impls.
	for _, crate := range []string{"anchor", "native"} {
		check("unsafe_code", crate, func(ws *Workspace, c *Crate, p *Program) []token.Pos {
			var out []token.Pos
			for _, f := range p.Files {
				for _, n := range UnsafeCode(f.AST) {
					if fn, ok := n.(*ast.FnItem); ok {
						out = append(out, fn.Header().Start)
						continue
					}
					if im, ok := n.(*ast.ImplItem); ok {
						out = append(out, im.Header().Start)
						continue
					}
					out = append(out, n.Pos())
				}
			}
			return out
		})
	}

	// Panicking calls outside #[cfg(test)] modules.
	for _, crate := range []string{"anchor", "native"} {
		check("panic_in_handler", crate, func(ws *Workspace, c *Crate, p *Program) []token.Pos {
			var out []token.Pos
			for _, fn := range p.Functions {
				if strings.HasSuffix(fn.Module, "::tests") {
					continue
				}
				for _, call := range Calls(fn.Decl.Body) {
					switch {
					case !call.Macro && (call.Method == "unwrap" || call.Method == "expect"):
						out = append(out, call.Node.(*ast.MethodCallExpr).Name.Pos())
					case call.Macro && (call.Path == "panic" || call.Path == "unreachable"):
						out = append(out, call.Pos())
					}
				}
			}
			return out
		})
	}

	// Unchecked arithmetic, aware of overflow-checks.
	for _, crate := range []string{"anchor", "anchor_overflow_checks", "native"} {
		check("unchecked_arithmetic", crate, func(ws *Workspace, c *Crate, p *Program) []token.Pos {
			if on, _ := c.OverflowChecks(); on {
				return nil
			}
			var out []token.Pos
			for _, fn := range p.Functions {
				for _, op := range Arithmetic(fn.Decl.Body) {
					if !op.Constant && !op.Float && !op.Guarded && op.Op != token.SLASH {
						out = append(out, op.Pos())
					}
				}
			}
			return out
		})
	}

	// Multiplication whose left operand is a division, as operators or as
	// a checked_div followed by checked_mul.
	for _, crate := range []string{"anchor", "native"} {
		check("division_before_multiplication", crate, func(ws *Workspace, c *Crate, p *Program) []token.Pos {
			var out []token.Pos
			for _, fn := range p.Functions {
				ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
					switch x := n.(type) {
					case *ast.BinaryExpr:
						if x.Op == token.STAR {
							if l, ok := x.X.(*ast.BinaryExpr); ok && l.Op == token.SLASH {
								out = append(out, x.OpPos)
							}
						}
					case *ast.MethodCallExpr:
						if x.Name.Name == "and_then" && len(x.Args) == 1 {
							if recv, ok := x.Recv.(*ast.MethodCallExpr); ok && recv.Name.Name == "checked_div" {
								for _, cl := range Calls(x.Args[0]) {
									if cl.Method == "checked_mul" {
										out = append(out, x.Name.Pos())
									}
								}
							}
						}
					}
					return true
				})
			}
			return out
		})
	}
}
