package validation

import (
	"slices"
	"testing"
	"testing/fstest"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// build models a one-file native crate.
func build(t *testing.T, src string) *Model {
	t.Helper()
	fsys := fstest.MapFS{
		"Cargo.toml": {Data: []byte("[package]\nname = \"prog\"\nversion = \"0.1.0\"\n\n[dependencies]\nsolana-program = \"1.18\"\n")},
		"src/lib.rs": {Data: []byte(src)},
	}
	ws, err := model.LoadWorkspaceFS(fsys, model.Limits{})
	if err != nil || len(ws.Crates) != 1 {
		t.Fatalf("load: %v (%d crates)", err, len(ws.Crates))
	}
	return Build(model.AnalyzeCrate(ws.Fset, ws.Crates[0]), ws.Crates[0])
}

// accountsOf lists an instruction's accounts as name@index.
func accountsOf(in *Instruction) []string {
	var out []string
	for _, a := range in.Accounts {
		out = append(out, a.Name+"@"+itoa(a.Index))
	}
	return out
}

// TestNativeAccountLists checks that accounts taken from parts of the list (the arrayref
// macros, sub-slices, split_at) get their positions, and that arms handing the accounts to
// functions of one name are named after their variants.
func TestNativeAccountLists(t *testing.T) {
	m := build(t, `
use solana_program::{account_info::AccountInfo, entrypoint, pubkey::Pubkey, entrypoint::ProgramResult};
entrypoint!(process_instruction);

pub enum Ix { Open, Close, Move }
impl Ix {
    fn unpack(data: &[u8]) -> Option<Self> {
        match data.first()? { 0 => Some(Ix::Open), 1 => Some(Ix::Close), _ => Some(Ix::Move) }
    }
}

struct OpenArgs;
impl OpenArgs {
    fn parse(accounts: &[AccountInfo]) -> ProgramResult {
        let &[ref state, ref owner] = array_ref![accounts, 0, 2];
        let extra = (&accounts[2..]).first();
        state.is_signer; owner.is_signer; extra.is_signer;
        Ok(())
    }
}
struct CloseArgs;
impl CloseArgs {
    fn parse(accounts: &[AccountInfo]) -> ProgramResult {
        let (fixed, rest) = array_refs![accounts, 2; ..;];
        let &[ref state, ref dest] = fixed;
        let (_, tail) = accounts.split_at(3);
        let &[ref fee] = array_ref![tail, 0, 1];
        state.is_signer; dest.is_signer; fee.is_signer; rest.len();
        Ok(())
    }
}

pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let ix = Ix::unpack(data).unwrap();
    match ix {
        Ix::Open => OpenArgs::parse(accounts),
        Ix::Close => CloseArgs::parse(accounts),
        Ix::Move => Ok(()),
    }
}
`)
	want := map[string][]string{
		"Open":  {"state@0", "owner@1", "extra@2"},
		"Close": {"state@0", "dest@1", "fee@3"},
	}
	got := map[string][]string{}
	for _, in := range m.Instructions {
		got[in.Name] = accountsOf(in)
	}
	for name, accs := range want {
		if !slices.Equal(got[name], accs) {
			t.Errorf("%s: accounts %v, want %v (instructions %v)", name, got[name], accs, got)
		}
	}
}

// TestViewsThroughHelpers checks that a view of an account's data a helper returns stays a
// view of that account: through a local declared first and assigned later, and past a
// closure whose early return is the closure's, not the helper's.
func TestViewsThroughHelpers(t *testing.T) {
	m := build(t, `
use solana_program::{account_info::AccountInfo, entrypoint, pubkey::Pubkey, entrypoint::ProgramResult};
entrypoint!(process_instruction);
fn split<'a>(acc: &'a AccountInfo) -> Result<(RefMut<'a, [u8]>, RefMut<'a, [u8]>), u8> {
    let (head, body) = RefMut::map_split(acc.try_borrow_mut_data()?, |d| {
        if d.len() < 8 {
            return (&mut [][..], &mut [][..]);
        }
        d.split_at_mut(8)
    });
    Ok((head, body))
}
fn load<'a>(acc: &'a AccountInfo) -> Result<RefMut<'a, State>, u8> {
    let state: RefMut<'a, State>;
    let (_, body) = split(acc)?;
    state = RefMut::map(body, |b| from_bytes_mut(b));
    Ok(state)
}
pub fn process_instruction(program_id: &Pubkey, accounts: &[AccountInfo], data: &[u8]) -> ProgramResult {
    let acc = next_account_info(&mut accounts.iter())?;
    let mut state = load(acc)?;
    state.flag = 1;
    Ok(())
}
`)
	for _, in := range m.Instructions {
		for _, w := range in.Facts.Writes {
			if w.Acc == "acc" && w.Path == "flag" {
				return
			}
		}
	}
	t.Error("the write of state.flag is not a write of acc's data")
}
