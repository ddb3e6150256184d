package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// What the outflow detectors (ARBITRARY_SEND_ETH, ARBITRARY_FROM_TRANSFERFROM,
// UNPROTECTED_TOKEN_WITHDRAW) share about a finding's evidence.

// outflowEvidence starts the evidence of an outflow in entry point fn: what it does, that no
// check of the caller guards it, and what unread code may change.
func outflowEvidence(p *sema.Program, c *sema.Contract, fn *sema.Function, what string) *detect.Evidence {
	ev := &detect.Evidence{}
	ev.Add(fnName(fn) + " " + what)
	ev.Add("no check of the caller guards it and the caller is not charged for it")
	if p.RestsOnUnresolved(fn) {
		ev.Assume("code the scan could not read may check the caller")
	}
	return ev
}

// proxyScript reports whether contract c is a script for a proxy's delegatecall, named so
// (DSProxy's scripts and actions: TokenScript, DssProxyActions) and keeping no state of its
// own: its functions run in the proxy, whose owner alone may call them, and deployed on its own
// it holds no tokens, ether or allowances anyone gave it. The proxy is not shipped: the name
// fills that gap.
func proxyScript(c *sema.Contract) bool {
	if c == nil || !strings.HasSuffix(c.Name, "Script") && !strings.HasSuffix(c.Name, "ProxyActions") {
		return false
	}
	for _, b := range c.Linearization {
		for _, v := range b.StateVars {
			if !v.IsConstant() {
				return false
			}
		}
	}
	return true
}

// lowerForScript weighs an outflow in a proxy script (proxyScript) as what it is once the
// script runs where it is meant to: the proxy's owner moving their own funds (low, decided by
// a name).
func lowerForScript(f *detect.Finding, c *sema.Contract, fn *sema.Function) {
	if c == nil {
		c = fn.Contract
	}
	if !proxyScript(c) {
		return
	}
	f.Severity = detect.Low
	if f.Evidence == nil {
		f.Evidence = &detect.Evidence{}
	}
	f.Evidence.Guess("named as a proxy's delegatecall script and keeping no state: its code runs in the proxy, for the proxy's owner; deployed on its own it holds nothing anyone gave it")
}
