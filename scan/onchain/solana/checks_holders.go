package solana

import (
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
)

// Thresholds of the holder checks, in percent of the supply.
const (
	ownerHoldingLimit = 5.0
	top5Limit         = 10.0
	singleHolderLimit = 20.0
	top10Limit        = 50.0
)

// holdersUnavailable says why holder checks cannot run, or "" when they can.
func holdersUnavailable(d *chainData) string {
	if d.holdersErr != nil {
		return "The largest holders could not be read from the chain: " + rpc.Describe(d.holdersErr) + "."
	}
	if d.supply == 0 {
		return "The supply is zero, so holdings have no share to measure."
	}
	return ""
}

// circulating returns the holders the concentration checks count: no burn, no pool.
func circulating(d *chainData) []holder {
	var out []holder
	for _, h := range d.holders {
		if h.kind == "" {
			out = append(out, h)
		}
	}
	return out
}

// creator names the token's creator: the first verified Metaplex creator, else the metadata
// update authority, else the mint authority.
func creator(d *chainData) string {
	if d.meta != nil {
		for _, c := range d.meta.creators {
			if c.Verified {
				return c.Address.String()
			}
		}
		if d.meta.recordedAuthority != nil {
			return d.meta.recordedAuthority.String()
		}
	}
	if d.m.MintAuthority != nil {
		return d.m.MintAuthority.String()
	}
	return ""
}

// creatorHolding returns the creator's share in percent and whether it is known.
func creatorHolding(d *chainData) (pct float64, known bool, note string) {
	c := creator(d)
	if c == "" || holdersUnavailable(d) != "" {
		return 0, false, ""
	}
	for _, h := range d.holders {
		if h.owner == c {
			return percent(h.amount, d.supply), true, ""
		}
	}
	if d.listComplete {
		return 0, true, "holds none of the token"
	}
	return 0, d.smallestPct <= ownerHoldingLimit,
		fmt.Sprintf("holds no account among the largest, the smallest of which has %.4f%% of the supply", d.smallestPct)
}

func checkOwnerHolding(d *chainData) verdict {
	if why := holdersUnavailable(d); why != "" {
		return unavailable(why)
	}
	c := creator(d)
	if c == "" {
		return unavailable("No creator can be identified: the token has no metadata creator, update authority or mint authority.")
	}
	pct, known, note := creatorHolding(d)
	if !known {
		return unavailable(fmt.Sprintf("The creator %s %s; its exact holding cannot be told from the largest accounts.", c, note))
	}
	if note != "" {
		return pass(NoImpact, fmt.Sprintf("The creator %s %s.", c, note))
	}
	desc := fmt.Sprintf("The creator %s holds %.4f%% of the supply.", c, pct)
	if pct > ownerHoldingLimit {
		return fail(ModerateRisk, 25, desc+" A creator holding more than 5% can crash the price by selling.")
	}
	return pass(NoImpact, desc)
}

func sumTop(hs []holder, n int, supply uint64) float64 {
	var total uint64
	for i := 0; i < n && i < len(hs); i++ {
		total += hs[i].amount
	}
	return percent(total, supply)
}

func excludedNote(d *chainData) string {
	var burn, pool int
	for _, h := range d.holders {
		switch h.kind {
		case KindBurn:
			burn++
		case KindPool:
			pool++
		}
	}
	if burn+pool == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d burn and %d liquidity pool holders left out)", burn, pool)
}

func checkTop5(d *chainData) verdict {
	if why := holdersUnavailable(d); why != "" {
		return unavailable(why)
	}
	pct := sumTop(circulating(d), 5, d.supply)
	desc := fmt.Sprintf("The 5 largest holders own %.4f%% of the supply%s.", pct, excludedNote(d))
	if pct > top5Limit {
		return fail(ModerateRisk, 20, desc+" More than 10% in five hands lets a few holders move the price.")
	}
	return pass(NoImpact, desc)
}

func checkConcentration(d *chainData) verdict {
	if why := holdersUnavailable(d); why != "" {
		return unavailable(why)
	}
	hs := circulating(d)
	if len(hs) == 0 {
		return pass(NoImpact, "No holder outside burn addresses and liquidity pools"+excludedNote(d)+".")
	}
	top := percent(hs[0].amount, d.supply)
	top10 := sumTop(hs, 10, d.supply)
	desc := fmt.Sprintf("The largest holder %s owns %.4f%% and the 10 largest own %.4f%% of the supply%s.", hs[0].owner, top, top10, excludedNote(d))
	if top > singleHolderLimit || top10 > top10Limit {
		return fail(HighRisk, 35, desc+" Holdings above 20% for one holder or 50% for ten are a rug-pull risk.")
	}
	return pass(NoImpact, desc)
}

// metadataOf fills the report's metadata block.
func metadataOf(d *chainData) Metadata {
	md := Metadata{
		MintDecimals:  int(d.m.Decimals),
		MintPublicKey: d.mint.String(),
		MintSupply:    fmt.Sprint(d.supply),
		PublicKey:     d.mint.String(),
		TokenAddress:  d.mint.String(),
		TokenProgram:  "spl-token",
	}
	if d.m.Token2022 || d.program == pubkey.Token2022Program {
		md.TokenProgram = "token-2022"
	}
	md.CreatorAddress = creator(d)
	if pct, known, _ := creatorHolding(d); known {
		md.CreatorHolding = pct
	}
	if m := d.meta; m != nil {
		md.MetadataPublicKey = m.address.String()
		md.TokenName, md.TokenSymbol, md.TokenURI = m.name, m.symbol, m.uri
		md.TokenStandard = m.standard
	}
	if md.TokenStandard == "" {
		// No Metaplex token standard recorded: describe by the mint itself, as Metaplex would
		// classify it (decimals 0 and supply 1 is a non-fungible token).
		if d.m.Decimals == 0 && d.supply == 1 {
			md.TokenStandard = "NonFungible"
		} else {
			md.TokenStandard = "Fungible"
		}
	}
	return md
}
