// Package threat computes the threat score of a deployed contract: a pass/fail checklist of
// what makes a token or contract dangerous to hold or use, read from its verified source with
// Vigil's semantic model. threat_score is the share of checks passed, as a percentage with two
// decimals ("72.73").
//
// The checks (issue_id: fails when ...):
//
//	THREAT_SOURCE_VERIFIED          the source is not verified on any explorer (nothing else can be checked)
//	THREAT_PROXY_UPGRADEABLE        the contract is a proxy, or can replace its code (upgradeTo, delegatecall fallback)
//	THREAT_OWNER_CAN_MINT           a privileged function can create new tokens
//	THREAT_OWNER_CAN_PAUSE          transfers check a flag a privileged function can set (pause, trading switch)
//	THREAT_BLACKLIST                transfers check a per-address list a privileged function can edit (blacklist, whitelist, bots)
//	THREAT_MODIFIABLE_FEES          transfer amounts are computed from values a privileged function can change (fees, taxes)
//	THREAT_MODIFIABLE_LIMITS        transfers are capped by values a privileged function can change (max transaction, max wallet)
//	THREAT_BALANCE_MANIPULATION     a privileged function can set or change any holder's balance
//	THREAT_PRIVILEGED_OWNER         privileged functions exist at all (ownership kept: renounce or use a timelock)
//	THREAT_HIDDEN_OWNER             access checks use an address that has no public getter
//	THREAT_SELFDESTRUCT             the code can self-destruct
//	THREAT_DELEGATECALL             the code can delegatecall (run other code with its storage)
//	THREAT_EXTERNAL_CALL_IN_TRANSFER transfers call out to other contracts (the honeypot pattern: a contract that decides who may sell)
//	THREAT_CRITICAL_FINDINGS        the static scan found critical or high severity issues
//
// A privileged function is a public or external function with access control, as package sema
// recognises it. The transfer path is transfer, transferFrom and everything they call.
package threat
