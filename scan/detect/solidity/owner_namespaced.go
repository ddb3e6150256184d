package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Roles kept in namespaced storage. Upgradeable code keeps its state in a struct at a fixed
// slot (ERC-7201: OwnableStorage's _owner, reached through a getter returning a storage
// pointer), not in declared variables. The ownership check compares the caller with a field of
// that struct; a function that writes the field, unguarded, to a value the caller chooses hands
// over the contract as surely as an owner variable would. sema's storage facts (StorageWrites,
// EntryConds) name such fields by getter and field.

type authSlotsKey struct{}

// authSlots lists the namespaced storage fields that some condition of contract c compares
// the caller with (msg.sender on one side, the field read on the other).
func authSlots(p *sema.Program, c *sema.Contract) map[sema.Loc]bool {
	return sema.Memo(c, authSlotsKey{}, func() map[sema.Loc]bool {
		out := map[sema.Loc]bool{}
		if !hasStorageGetter(p, c) {
			return out // no namespaced storage: the variable-based analysis covers the roles
		}
		for _, fn := range c.AllFunctions() {
			if fn.Body == nil || !fn.IsEntryPoint() {
				continue
			}
			for _, ec := range p.EntryConds(fn) {
				sender := false
				for _, cmp := range ec.Cmps {
					if (cmp.Op == token.EQL || cmp.Op == token.NEQ) && (cmp.X.Has(sema.SrcSender) || cmp.Y.Has(sema.SrcSender)) {
						sender = true
					}
				}
				if !sender {
					continue
				}
				for _, l := range ec.Reads {
					if l.Slot != "" {
						out[l] = true
					}
				}
			}
		}
		return out
	})
}

// reportNamespacedOwnerWrites reports entry point fn's unguarded writes of a namespaced field
// that checks compare the caller with, to a value the caller chooses.
func reportNamespacedOwnerWrites(pass *detect.Pass, fn *sema.Function, report func(w sema.StoreWrite, what string)) {
	p := pass.Program
	if pass.Contract == nil {
		return // free functions keep no state of their own
	}
	auth := authSlots(p, pass.Contract)
	if len(auth) == 0 || p.RunsOnce(fn) {
		return
	}
	for _, w := range p.StorageWrites(fn) {
		if !auth[w.Loc] || w.Node == nil || w.Keyed && w.Key.Has(sema.SrcSender|sema.SrcOrigin) || callerRestrictedAt(p, fn, w.Node) {
			continue // the caller's own entry (registry[msg.sender][x] = ...) is its own business
		}
		if _, chosen := callerChoice(p, fn, w.Value); !chosen {
			continue
		}
		report(w, w.Loc.Slot)
	}
}

// hasStorageGetter reports whether c (its bases included) reaches namespaced storage: one of
// its functions is, or directly calls, a function returning a storage pointer that assembly
// points at a slot ($.slot := LOCATION; a library's getStorage() counts).
func hasStorageGetter(p *sema.Program, c *sema.Contract) bool {
	getters := storageGetters(p)
	if len(getters) == 0 {
		return false
	}
	for _, fn := range c.AllFunctions() {
		if getters[fn] {
			return true
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, call := range info.Calls {
			for _, g := range call.Callees {
				if getters[g] {
					return true
				}
			}
		}
	}
	return false
}

type storageGettersKey struct{}

// storageGetters lists the program's functions that return a storage pointer set in assembly.
func storageGetters(p *sema.Program) map[*sema.Function]bool {
	return sema.Memo(p, storageGettersKey{}, func() map[*sema.Function]bool {
		out := map[*sema.Function]bool{}
		for _, fn := range p.Functions() {
			if fn.Body == nil || len(fn.Returns) == 0 || fn.Returns[0].Decl == nil || fn.Returns[0].Decl.Location != token.STORAGE {
				continue
			}
			fn.BodyTree().Inspect(func(x ast.Node) bool {
				if a, ok := x.(*ast.YulAssign); ok {
					for _, id := range a.Names {
						if strings.HasSuffix(id.Name, ".slot") {
							out[fn] = true
						}
					}
				}
				return !out[fn]
			})
		}
		return out
	})
}

// reportSlotOwnerWrites reports entry point fn's unguarded writes, made through helpers and
// libraries handed the slot (a storage writer called with owner.slot), of a state variable's own
// slot when checks compare the caller with that variable, to a value the caller chooses. Writes
// fn's own code makes are entryWrites' (and reported from there).
func reportSlotOwnerWrites(pass *detect.Pass, fn *sema.Function, report func(site ast.Node, n *sema.Node, what string)) {
	p := pass.Program
	if fn.Contract == nil {
		return
	}
	for _, a := range p.SlotAccesses(fn) {
		v := a.Slot.Var
		if !a.Write || v == nil || a.Node == nil || within(a.At, []ast.Node{fn.Body}) {
			continue
		}
		if !isRoleVar(v) && !usedForAuth(p, fn.Contract, v, "") || callerRestrictedAt(p, fn, a.Node) {
			continue
		}
		if _, chosen := callerChoice(p, fn, a.Value); chosen {
			report(a.Node.Code(), a.Node, v.Name)
		}
	}
}
