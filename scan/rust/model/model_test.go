package model

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

func loadProgram(t *testing.T, dir string) (*Workspace, *Crate, *Program) {
	t.Helper()
	ws, err := LoadWorkspace(dir, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Crates) != 1 {
		t.Fatalf("found %d crates, want 1", len(ws.Crates))
	}
	c := ws.Crates[0]
	if len(c.Errors) > 0 {
		t.Fatalf("syntax errors: %v", c.Errors)
	}
	return ws, c, AnalyzeCrate(ws.Fset, c)
}

func TestAnchorVault(t *testing.T) {
	ws, c, p := loadProgram(t, "../testdata/programs/anchor_vault")
	if c.Name() != "vault" || c.Dir != "programs/vault" {
		t.Errorf("crate %q at %q", c.Name(), c.Dir)
	}
	if !c.IsAnchor() || c.AnchorVersion() != "0.30.1" {
		t.Errorf("anchor version %q", c.AnchorVersion())
	}
	if on, set := c.OverflowChecks(); !on || !set {
		t.Errorf("overflow-checks = %v, %v; want true from the workspace root", on, set)
	}
	if ws.Root == nil || c.Root != ws.Root {
		t.Errorf("workspace root not found")
	}
	if c.Lock == nil || len(c.Lock.Find("anchor-lang")) != 1 || c.Lock.Find("anchor-lang")[0].Version != "0.30.1" {
		t.Errorf("lock file: %+v", c.Lock)
	}
	mods := map[string]bool{}
	for _, f := range c.Files {
		mods[f.Module] = true
	}
	if !mods["crate"] || !mods["crate::state"] {
		t.Errorf("modules %v", mods)
	}

	if len(p.Anchor) != 1 || p.Anchor[0].Name != "vault" {
		t.Fatalf("anchor programs: %+v", p.Anchor)
	}
	want := map[string]string{
		"initialize": "Initialize", "deposit": "Deposit", "withdraw": "Withdraw",
		"deposit_tokens": "DepositTokens", "record": "Record", "close_vault": "CloseVault",
	}
	hs := p.Anchor[0].Handlers
	if len(hs) != len(want) {
		t.Fatalf("%d handlers, want %d", len(hs), len(want))
	}
	for _, h := range hs {
		if want[h.Name] != h.AccountsType {
			t.Errorf("handler %s: accounts %q, want %q", h.Name, h.AccountsType, want[h.Name])
		}
		if h.Accounts == nil {
			t.Errorf("handler %s: accounts struct not resolved", h.Name)
		}
	}
	if hs[0].Ctx != "ctx" || len(hs[0].Args) != 1 || hs[len(hs)-1].Ctx != "_ctx" {
		t.Errorf("ctx names / args: %q %d %q", hs[0].Ctx, len(hs[0].Args), hs[len(hs)-1].Ctx)
	}

	init := p.AccountsStruct("Initialize")
	if init == nil || len(init.InstructionArgs) != 1 || init.InstructionArgs[0] != "fee_bps" {
		t.Fatalf("Initialize: %+v", init)
	}
	v := init.Field("vault").Constraints
	if !v.Init || v.Payer == nil || p.Source(v.Payer.Value) != "authority" || v.Space == nil ||
		len(v.Seeds) != 2 || v.Bump == nil || v.Bump.Value != nil {
		t.Errorf("Initialize.vault constraints: %+v", v)
	}
	if got := p.Source(v.Seeds[1]); got != "authority.key().as_ref()" {
		t.Errorf("seed source %q", got)
	}
	if f := init.Field("authority"); f.Type.Kind != KindSigner || !f.Constraints.Mut {
		t.Errorf("authority: %+v", f)
	}
	if f := init.Field("system_program"); f.Type.Kind != KindProgram || f.Type.Inner != "System" || f.Constraints.Present() {
		t.Errorf("system_program: %+v", f.Type)
	}

	w := p.AccountsStruct("Withdraw")
	wv := w.Field("vault").Constraints
	if !wv.Mut || len(wv.HasOne) != 1 || !wv.HasOneTarget("authority") || p.Source(wv.HasOne[0].Error) != "VaultError::Unauthorized" {
		t.Errorf("Withdraw.vault: %+v", wv)
	}
	if wv.Bump == nil || p.Source(wv.Bump.Value) != "vault.bump" {
		t.Errorf("stored bump not read")
	}
	r := w.Field("recipient")
	if r.Type.Kind != KindUncheckedAccount || !r.HasCheck || r.Check != "any account may receive lamports." {
		t.Errorf("recipient: %+v check=%q", r.Type, r.Check)
	}
	if ck := w.Field("clock"); ck.Type.Kind != KindSysvar || ck.Type.Inner != "Clock" || ck.Constraints.Address == nil {
		t.Errorf("clock: %+v", ck.Type)
	}

	dt := p.AccountsStruct("DepositTokens")
	if f := dt.Field("vault"); !f.Type.Boxed || f.Type.Kind != KindAccount || f.Type.Inner != "VaultState" {
		t.Errorf("boxed vault: %+v", f.Type)
	}
	if f := dt.Field("authority"); f.Type.Kind != KindAccountInfo || !f.HasCheck {
		t.Errorf("authority: %+v", f)
	}
	from := dt.Field("from").Constraints
	if len(from.Token) != 3 || from.Token["token::authority"] == nil {
		t.Errorf("token constraints: %v", from.Token)
	}
	if vt := dt.Field("vault_tokens"); !vt.Constraints.InitIfNeeded || vt.Type.Kind != KindInterfaceAccount || !vt.Type.Boxed {
		t.Errorf("vault_tokens: %+v", vt.Type)
	}
	if tp := dt.Field("token_program"); tp.Type.Kind != KindInterface {
		t.Errorf("token_program kind %v", tp.Type.Kind)
	}

	rec := p.AccountsStruct("Record")
	if c := rec.Field("log").Constraints; len(c.Custom) != 1 || p.Source(c.Custom[0].Value) != "log.load()?.authority == signer.key()" {
		t.Errorf("custom constraint: %+v", c.Custom)
	}
	if rec.Field("log").Type.Kind != KindAccountLoader {
		t.Errorf("log kind")
	}
	cv := p.AccountsStruct("CloseVault")
	if c := cv.Field("vault").Constraints; c.Close == nil || p.Source(c.Close.Value) != "authority" {
		t.Errorf("close: %+v", c.Close)
	}
	if s := cv.Field("scratch"); !s.Type.Optional || s.Constraints.Realloc == nil || s.Constraints.ReallocPayer == nil || s.Constraints.ReallocZero == nil {
		t.Errorf("scratch: %+v", s.Type)
	}
	if cv.Field("system_account").Type.Kind != KindSystemAccount {
		t.Errorf("system account kind")
	}

	kinds := map[string]DataKind{}
	for _, d := range p.Data {
		kinds[d.Name] = d.Kind
	}
	if kinds["VaultState"] != DataAccount || kinds["EntryLog"] != DataZeroCopyAccount ||
		kinds["Entry"] != DataZeroCopy || kinds["Settings"] != DataBorsh {
		t.Errorf("data kinds %v", kinds)
	}
	if !p.DataStruct("VaultState").HasDiscriminator || p.DataStruct("Settings").HasDiscriminator {
		t.Errorf("discriminators")
	}

	// Queries over the withdraw handler.
	var withdraw *Handler
	for _, h := range hs {
		if h.Name == "withdraw" {
			withdraw = h
		}
	}
	cpi := CPICalls(withdraw.Func.Decl.Body)
	if len(cpi) != 1 || cpi[0].Kind != CallInvokeSigned {
		t.Errorf("withdraw CPI calls: %v", cpi)
	}
	ops := Arithmetic(withdraw.Func.Decl.Body)
	var opText []string
	for _, o := range ops {
		opText = append(opText, o.Op.String())
	}
	if strings.Join(opText, " ") != "/ * -" {
		t.Errorf("arithmetic in withdraw: %v", opText)
	}
	var dep *Handler
	for _, h := range hs {
		if h.Name == "deposit_tokens" {
			dep = h
		}
	}
	if c := CPICalls(dep.Func.Decl.Body); len(c) != 1 || c[0].Kind != CallCpiContextNewWithSigner {
		t.Errorf("deposit_tokens CPI: %v", c)
	}
	// require! is seen through.
	var initH = hs[0]
	found := false
	for _, c := range Calls(initH.Func.Decl.Body) {
		if c.Macro && c.Path == "require" && len(c.Args) == 2 {
			found = true
		}
	}
	if !found {
		t.Errorf("require! arguments not parsed")
	}
	// Arithmetic in state.rs: "amount * self.total / supply".
	var share *Function
	for _, f := range p.FunctionsNamed("share") {
		share = f
	}
	if share == nil || share.SelfType != "VaultState" || share.Module != "crate::state" || len(Arithmetic(share.Decl.Body)) != 2 {
		t.Errorf("share: %+v", share)
	}
}

func TestNativeCounter(t *testing.T) {
	_, c, p := loadProgram(t, "../testdata/programs/native_counter")
	if c.IsAnchor() {
		t.Error("native crate reported as Anchor")
	}
	if on, set := c.OverflowChecks(); on || !set {
		t.Errorf("overflow-checks = %v, %v; want false, set", on, set)
	}
	if len(p.Entrypoints) != 1 || p.Entrypoints[0].Name != "process_instruction" || p.Entrypoints[0].Func == nil {
		t.Fatalf("entrypoints: %+v", p.Entrypoints)
	}
	pi := p.Entrypoints[0].Func
	if pi.AccountsParam() != "accounts" || !pi.IsNativeProcessor() {
		t.Errorf("accounts param %q", pi.AccountsParam())
	}
	init := p.FunctionsNamed("initialize")[0]
	if n := len(FieldAccesses(init.Decl.Body, "is_signer")); n != 1 {
		t.Errorf("is_signer reads in initialize: %d", n)
	}
	inc := p.FunctionsNamed("increment")[0]
	var owners []string
	for _, f := range FieldAccesses(inc.Decl.Body, "owner") {
		owners = append(owners, ExprPath(f))
	}
	if strings.Join(owners, ",") != "counter_info.owner,counter.owner" {
		t.Errorf("owner reads: %v", owners)
	}
	var kinds []string
	for _, c := range CPICalls(&ast.File{Items: []ast.Item{init.Decl}}) {
		kinds = append(kinds, c.Kind.String())
	}
	if strings.Join(kinds, ",") != "invoke_signed" {
		t.Errorf("initialize CPI: %v", kinds)
	}
	w := p.FunctionsNamed("withdraw")[0]
	ops := Arithmetic(w.Decl.Body)
	if len(ops) != 2 || ops[0].Op != token.MINUS_EQ || ops[1].Op != token.PLUS_EQ {
		t.Errorf("withdraw arithmetic: %+v", ops)
	}
	if d := p.DataStruct("Counter"); d == nil || d.Kind != DataBorsh || d.HasDiscriminator || d.TagField != "" {
		t.Errorf("Counter: %+v", d)
	}
	if c.Lock != nil {
		t.Errorf("unexpected lock file")
	}
}

func TestComparisonsAndDeserializations(t *testing.T) {
	_, _, p := loadProgram(t, "../testdata/programs/native_counter")
	inc := p.FunctionsNamed("increment")[0]
	var owner []string
	for _, c := range Comparisons(inc.Decl.Body) {
		if c.Mentions("owner") {
			owner = append(owner, c.XPath+" vs "+c.YPath)
		}
	}
	if strings.Join(owner, "; ") != "counter_info.owner vs program_id; counter.owner vs owner.key" {
		t.Errorf("owner comparisons: %v", owner)
	}
	var des []string
	for _, c := range Deserializations(inc.Decl.Body) {
		des = append(des, c.Path)
	}
	if strings.Join(des, ",") != "Counter::try_from_slice" {
		t.Errorf("deserializations: %v", des)
	}
	tr := p.FunctionsNamed("transfer_tokens")[0]
	if d := Deserializations(tr.Decl.Body); len(d) != 1 || d[0].Path != "spl_token::state::Account::unpack" {
		t.Errorf("unpack not found: %v", d)
	}
	if mods := strings.Join(p.Modules(), ","); mods != "crate,crate::error,crate::instruction,crate::tests" {
		t.Errorf("modules %s", mods)
	}
}

func TestMacroComparisons(t *testing.T) {
	src := `fn f(ctx: Context<X>) -> Result<()> {
    require_keys_eq!(ctx.accounts.vault.owner, crate::ID, E::Owner);
    require!(ctx.accounts.a.key() != ctx.accounts.b.key(), E::Dup);
    assert_ne!(x, y);
    Ok(())
}`
	fset := token.NewFileSet()
	f, err := parserParse(fset, src)
	if err != nil {
		t.Fatal(err)
	}
	cs := Comparisons(f)
	if len(cs) != 3 || cs[0].Macro != "require_keys_eq" || !cs[0].Equal || !cs[0].Mentions("owner") ||
		cs[1].Macro != "" || cs[1].Equal || cs[1].XPath != "ctx.accounts.a.key()" || cs[2].Equal {
		for _, c := range cs {
			t.Logf("%+v", c)
		}
		t.Errorf("comparisons wrong")
	}
}

func TestNativeEscrowPack(t *testing.T) {
	ws, c, p := loadProgram(t, "../testdata/programs/native_escrow")
	if ws.Root == nil || c.Root != c.Manifest {
		t.Errorf("the crate is its own workspace root")
	}
	if d, ok := c.Manifest.Dependency("solana-program"); !ok || !d.Workspace {
		t.Errorf("workspace dependency: %+v", d)
	}
	if d, ok := c.Manifest.Dependency("spl-token"); !ok || d.Version != "4.0" || len(d.Features) != 1 {
		t.Errorf("spl-token: %+v", d)
	}
	if on, set := c.OverflowChecks(); !on || !set {
		t.Errorf("overflow checks %v %v", on, set)
	}
	if e := p.DataStruct("Escrow"); e == nil || e.Kind != DataPack || e.HasDiscriminator {
		t.Errorf("Escrow: %+v", e)
	}
	if len(p.Entrypoints) != 1 || p.Entrypoints[0].Func == nil || p.Entrypoints[0].Func.Module != "crate::entrypoint" {
		t.Fatalf("entrypoint: %+v", p.Entrypoints)
	}
	var procs []string
	for _, f := range p.Functions {
		if f.IsNativeProcessor() && f.SelfType == "Processor" {
			procs = append(procs, f.Name)
		}
	}
	if strings.Join(procs, ",") != "process,process_init_escrow,process_exchange" {
		t.Errorf("processors: %v", procs)
	}
	ex := p.FunctionsNamed("process_exchange")[0]
	if cpi := CPICalls(ex.Decl.Body); len(cpi) != 2 || cpi[0].Kind != CallInvoke || cpi[1].Kind != CallInvokeSigned {
		t.Errorf("exchange CPIs: %v", cpi)
	}
	var unpacks []string
	for _, d := range Deserializations(ex.Decl.Body) {
		unpacks = append(unpacks, d.Path)
	}
	if strings.Join(unpacks, ",") != "TokenAccount::unpack,Escrow::unpack" {
		t.Errorf("unpacks: %v", unpacks)
	}
	if c.Manifest.Package.Edition != "2021" || c.Manifest.Lib == nil || len(c.Manifest.Lib.CrateType) != 2 {
		t.Errorf("package/lib: %+v %+v", c.Manifest.Package, c.Manifest.Lib)
	}
}

func TestAnchorModernLayout(t *testing.T) {
	_, c, p := loadProgram(t, "../testdata/programs/anchor_modern")
	if c.AnchorVersion() != "0.31.1" {
		t.Errorf("anchor version through workspace inheritance: %q", c.AnchorVersion())
	}
	if len(p.Anchor) != 1 || len(p.Anchor[0].Handlers) != 3 {
		t.Fatalf("handlers: %+v", p.Anchor)
	}
	code := map[string][]string{}
	for _, h := range p.Anchor[0].Handlers {
		if h.Accounts == nil {
			t.Errorf("%s: accounts %s not resolved", h.Name, h.AccountsType)
		}
		for _, f := range h.Code() {
			code[h.Name] = append(code[h.Name], f.Module+"::"+f.Name)
		}
	}
	want := map[string]string{
		"initialize": "crate::staking::initialize,crate::instructions::initialize::handler",
		"stake":      "crate::staking::stake,crate::instructions::stake::stake",
		"unstake":    "crate::staking::unstake,crate::instructions::unstake::unstake_handler",
	}
	for h, w := range want {
		if got := strings.Join(code[h], ","); got != w {
			t.Errorf("%s code: %s, want %s", h, got, w)
		}
	}
	st := p.AccountsStruct("Stake")
	if e := st.Field("entry").Constraints; !e.InitIfNeeded || len(e.Seeds) != 3 || e.Bump == nil || e.Bump.Value != nil {
		t.Errorf("entry constraints: %+v", e)
	}
	un := p.AccountsStruct("Unstake").Field("entry").Constraints
	if un.Close == nil || len(un.Custom) != 1 {
		t.Errorf("unstake entry: %+v", un)
	}
}

func TestManifestErrors(t *testing.T) {
	cases := map[string]string{
		"[package]\nname = \"x\"\n[dependencies\n":                                "Cargo.toml:3:",
		"[package]\nversion = \"1\"\n":                                            "package.name is missing",
		"[package]\nname = \"x\"\n[dependencies]\nfoo = 3\n":                      "dependencies.foo must be a version string or a table",
		"[package]\nname = \"x\"\n[dependencies]\nfoo = { version = 1 }\n":        "dependencies.foo.version must be a string",
		"[package]\nname = \"x\"\n[profile.release]\noverflow-checks = \"yes\"\n": "profile.release.overflow-checks must be true or false",
	}
	for src, want := range cases {
		_, err := ParseManifest("Cargo.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
	if _, err := ParseLockfile("Cargo.lock", []byte("[[package]]\nname = \"a\"\n")); err == nil || !strings.Contains(err.Error(), "package 1") {
		t.Errorf("lock without version: %v", err)
	}
	if _, err := ParseLockfile("Cargo.lock", []byte("[[package]\n")); err == nil || !strings.Contains(err.Error(), "Cargo.lock:1:") {
		t.Errorf("broken lock: %v", err)
	}
	if CleanVersion("=0.29.0") != "0.29.0" || CleanVersion(">=1.2, <2") != "1.2" || CleanVersion("^0.30") != "0.30" {
		t.Error("CleanVersion")
	}
}

func TestWorkspaceLimitsAndErrors(t *testing.T) {
	fs := fstest.MapFS{
		"Cargo.toml":     {Data: []byte("[package]\nname = \"big\"\n")},
		"src/lib.rs":     {Data: []byte("fn a() {}\n")},
		"src/big.rs":     {Data: []byte("fn b() {}\n" + strings.Repeat("// padding\n", 200))},
		"src/broken.rs":  {Data: []byte("fn c( {\n")},
		"target/x.rs":    {Data: []byte("not scanned")},
		"sub/Cargo.toml": {Data: []byte("[package]\nname = \"sub\"\n")},
		"sub/src/lib.rs": {Data: []byte("fn d() {}\n")},
	}
	ws, err := LoadWorkspaceFS(fs, Limits{MaxFileSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws.Crates) != 2 || len(ws.Skipped) != 1 || !strings.Contains(ws.Skipped[0], "src/big.rs") {
		t.Fatalf("crates %d, skipped %v", len(ws.Crates), ws.Skipped)
	}
	root := ws.Crates[0]
	if root.Name() != "big" || len(root.Files) != 2 || len(root.Errors) == 0 {
		t.Errorf("root crate: %d files, errors %v", len(root.Files), root.Errors)
	}
	if !strings.HasPrefix(root.Errors[0].Error(), "src/broken.rs:1:") {
		t.Errorf("error does not name the file: %v", root.Errors[0])
	}
	if ws.Crates[1].Name() != "sub" || len(ws.Crates[1].Files) != 1 {
		t.Errorf("nested crate not separated")
	}

	_, err = LoadWorkspaceFS(fs, Limits{MaxFiles: 1})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("file limit: %v", err)
	}
	_, err = LoadWorkspaceFS(fs, Limits{MaxTotal: 15})
	if !errors.Is(err, ErrLimit) {
		t.Errorf("size limit: %v", err)
	}
	bad := fstest.MapFS{"Cargo.toml": {Data: []byte("[package\n")}}
	if _, err := LoadWorkspaceFS(bad, Limits{}); err == nil || !strings.Contains(err.Error(), "Cargo.toml:1:") {
		t.Errorf("bad manifest: %v", err)
	}
}

func TestAccountBindingsAndRefs(t *testing.T) {
	_, _, p := loadProgram(t, "../testdata/programs/native_counter")
	render := func(bs []*AccountBinding) string {
		var s []string
		for _, b := range bs {
			s = append(s, b.Name+"#"+itoa(b.Index)+"/"+b.How)
		}
		return strings.Join(s, " ")
	}
	if got := render(AccountBindings(p.FunctionsNamed("initialize")[0])); got != "payer#0/next_account_info counter#1/next_account_info system_program#2/next_account_info rent_info#3/next_account_info" {
		t.Errorf("initialize bindings: %s", got)
	}
	if got := render(AccountBindings(p.FunctionsNamed("increment")[0])); got != "owner#0/pattern counter_info#1/pattern" {
		t.Errorf("increment bindings: %s", got)
	}

	_, _, vp := loadProgram(t, "../testdata/programs/anchor_vault")
	var dep *Handler
	for _, h := range vp.Anchor[0].Handlers {
		if h.Name == "deposit_tokens" {
			dep = h
		}
	}
	seen := map[string]bool{}
	for _, r := range AccountRefs(dep.Func.Decl.Body, dep.Ctx) {
		seen[r.Field] = true
	}
	for _, f := range []string{"mint", "from", "vault_tokens", "depositor", "vault", "token_program"} {
		if !seen[f] {
			t.Errorf("ctx.accounts.%s not found (have %v)", f, seen)
		}
	}
	_, _, mp := loadProgram(t, "../testdata/programs/anchor_modern")
	st := mp.AccountsStruct("Stake")
	self := map[string]bool{}
	for _, m := range st.Methods {
		for _, r := range AccountRefs(m.Decl.Body, "self") {
			self[r.Field] = true
		}
	}
	if !self["entry"] || !self["pool"] || !self["user_tokens"] || len(self) != 7 {
		t.Errorf("self refs: %v", self)
	}
}
