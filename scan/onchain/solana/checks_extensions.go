package solana

import (
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/onchain/solana/spltoken"
)

// Short names for the extension types the checks read.
const (
	extTransferFeeConfig        = spltoken.ExtTransferFeeConfig
	extMintCloseAuthority       = spltoken.ExtMintCloseAuthority
	extConfidentialTransferMint = spltoken.ExtConfidentialTransferMint
	extDefaultAccountState      = spltoken.ExtDefaultAccountState
	extNonTransferable          = spltoken.ExtNonTransferable
	extPermanentDelegate        = spltoken.ExtPermanentDelegate
	extTransferHook             = spltoken.ExtTransferHook
	extMetadataPointer          = spltoken.ExtMetadataPointer
	extPausable                 = spltoken.ExtPausable
	extConfidentialMintBurn     = spltoken.ExtConfidentialMintBurn
)

// highFeeBasisPoints is the transfer fee from which the fee itself is a high risk (10%).
const highFeeBasisPoints = 1000

func checkPermanentDelegate(d *chainData) verdict {
	if e := d.m.Extension(extPermanentDelegate); e != nil && e.Authority != nil {
		return fail(HighRisk, 40, fmt.Sprintf("The permanent delegate %s can transfer or burn tokens from any holder's account without their consent.", e.Authority))
	}
	return pass(NoImpact, "The token has no permanent delegate.")
}

func checkTransferFee(d *chainData) verdict {
	e := d.m.Extension(extTransferFeeConfig)
	if e == nil || e.TransferFee == nil {
		return pass(NoImpact, "Transfers carry no fee.")
	}
	c := e.TransferFee
	var fee spltoken.TransferFee
	var when string
	if d.epochErr == nil {
		fee = c.FeeAt(d.epoch)
		when = fmt.Sprintf("in epoch %d", d.epoch)
	} else {
		// Without the current epoch, take the higher of the two schedules: never understate.
		fee = c.Older
		if c.Newer.BasisPoints > fee.BasisPoints {
			fee = c.Newer
		}
		when = "(current epoch unknown; the higher of the two schedules)"
	}
	who := "No one can change the fee."
	if c.ConfigAuthority != nil {
		who = fmt.Sprintf("The fee config authority %s can change the fee (up to 100%%) with effect two epochs later.", c.ConfigAuthority)
	}
	desc := fmt.Sprintf("Transfers pay a fee of %.2f%% (at most %d base units) %s. %s", float64(fee.BasisPoints)/100, fee.MaximumFee, when, who)
	switch {
	case fee.BasisPoints >= highFeeBasisPoints:
		return fail(HighRisk, 35, desc)
	case fee.BasisPoints > 0 || c.ConfigAuthority != nil:
		return fail(ModerateRisk, 20, desc)
	}
	return pass(NoImpact, desc)
}

func checkTransferHook(d *chainData) verdict {
	e := d.m.Extension(extTransferHook)
	if e == nil || e.TransferHook == nil {
		return pass(NoImpact, "Transfers call no hook program.")
	}
	h := e.TransferHook
	switch {
	case h.ProgramID != nil:
		desc := fmt.Sprintf("Every transfer calls the hook program %s, which can block transfers (for example sells) or take action on them.", h.ProgramID)
		if h.Authority != nil {
			desc += fmt.Sprintf(" The authority %s can replace the hook program.", h.Authority)
		}
		return fail(HighRisk, 30, desc)
	case h.Authority != nil:
		return fail(LowRisk, 10, fmt.Sprintf("No hook program is set, but the authority %s can set one at any time.", h.Authority))
	}
	return pass(NoImpact, "The transfer hook extension is present but empty and cannot be set.")
}

func checkNonTransferable(d *chainData) verdict {
	if d.m.Extension(extNonTransferable) != nil {
		return fail(HighRisk, 50, "The token is non-transferable: holders can never sell or send it.")
	}
	return pass(NoImpact, "The token is transferable.")
}

func checkDefaultFrozen(d *chainData) verdict {
	e := d.m.Extension(extDefaultAccountState)
	if e == nil || e.DefaultState == nil {
		return pass(NoImpact, "New token accounts start unfrozen.")
	}
	if *e.DefaultState == spltoken.StateFrozen {
		desc := "Every new token account starts frozen: a buyer cannot move tokens until the freeze authority thaws the account."
		return fail(HighRisk, 40, desc)
	}
	if d.m.FreezeAuthority != nil {
		return pass(NoImpact, "New token accounts start unfrozen (the freeze authority can change this default).")
	}
	return pass(NoImpact, "New token accounts start unfrozen.")
}

func checkPausable(d *chainData) verdict {
	e := d.m.Extension(extPausable)
	if e == nil || e.Pausable == nil {
		return pass(NoImpact, "The token cannot be paused.")
	}
	p := e.Pausable
	if p.Paused {
		return fail(HighRisk, 50, "The token is paused: no transfer, mint or burn is possible now.")
	}
	if p.Authority != nil {
		return fail(ModerateRisk, 25, fmt.Sprintf("The pause authority %s can stop all transfers, mints and burns at any time.", p.Authority))
	}
	return pass(NoImpact, "The token has the pausable extension but no pause authority.")
}

func checkConfidential(d *chainData) verdict {
	e := d.m.Extension(extConfidentialTransferMint)
	hasMintBurn := d.m.Extension(extConfidentialMintBurn) != nil
	if e == nil && !hasMintBurn {
		return pass(NoImpact, "Balances and transfers are public.")
	}
	desc := "The token supports confidential transfers: balances and amounts can be hidden from holders and scanners"
	if hasMintBurn {
		desc += ", including confidential minting and burning, so the visible supply may not be the real one"
	}
	if e != nil && e.ConfidentialMint != nil {
		c := e.ConfidentialMint
		if c.AuditorElGamalPK != nil {
			desc += "; an auditor key can decrypt them"
		}
		if c.Authority != nil {
			desc += fmt.Sprintf("; the authority %s approves accounts", c.Authority)
		}
	}
	return fail(LowRisk, 10, desc+".")
}

func checkUIAmountAuthority(d *chainData) verdict {
	var reasons []string
	if e := d.m.Extension(spltoken.ExtInterestBearingConfig); e != nil && e.InterestBearing != nil {
		ib := e.InterestBearing
		r := fmt.Sprintf("the token accrues interest for display at %.2f%% a year", float64(ib.CurrentRate)/100)
		if ib.RateAuthority != nil {
			r += fmt.Sprintf(" and the rate authority %s can change the rate", ib.RateAuthority)
		}
		reasons = append(reasons, r)
	}
	if e := d.m.Extension(spltoken.ExtScaledUiAmount); e != nil && e.ScaledUIAmount != nil {
		s := e.ScaledUIAmount
		r := fmt.Sprintf("displayed amounts are multiplied by %g", s.Multiplier)
		if s.Authority != nil {
			r += fmt.Sprintf(" and the authority %s can change the multiplier", s.Authority)
		}
		reasons = append(reasons, r)
	}
	if len(reasons) == 0 {
		return pass(NoImpact, "Wallets display the amounts actually held.")
	}
	desc := "Displayed balances differ from the amounts held: " + join(reasons) + ". Wallets and exchanges may show misleading balances."
	if strings.Contains(desc, "can change") {
		return fail(LowRisk, 10, desc)
	}
	return pass(NoImpact, desc)
}
