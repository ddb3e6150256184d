package solana

import "fmt"

func checkMintAuthority(d *chainData) verdict {
	if a := d.m.MintAuthority; a != nil {
		return fail(HighRisk, 40, fmt.Sprintf("The mint authority %s can mint new tokens at any time, diluting every holder.", a))
	}
	return pass(Beneficial, "The mint authority is revoked: the supply is fixed.")
}

func checkFreezeAuthority(d *chainData) verdict {
	if a := d.m.FreezeAuthority; a != nil {
		return fail(HighRisk, 40, fmt.Sprintf("The freeze authority %s can freeze any holder's token account, so that holder cannot sell or transfer.", a))
	}
	return pass(Beneficial, "The freeze authority is revoked: no token account can be frozen.")
}

func checkUpdateAuthority(d *chainData) verdict {
	if d.metaErr != nil {
		return unavailable("The token's metadata could not be read: " + d.metaErr.Error() + ".")
	}
	if d.meta == nil {
		return pass(NoImpact, "The token has no metadata account, so there is no metadata update authority.")
	}
	if a := d.meta.updateAuthority; a != nil {
		return fail(ModerateRisk, 20, fmt.Sprintf("The update authority %s can change the token's name, symbol and URI (%s metadata), for example to impersonate another token.", a, d.meta.source))
	}
	return pass(Beneficial, fmt.Sprintf("No one can update the token's %s metadata.", d.meta.source))
}

func checkMutableMetadata(d *chainData) verdict {
	if d.metaErr != nil {
		return unavailable("The token's metadata could not be read: " + d.metaErr.Error() + ".")
	}
	var reasons []string
	if d.meta != nil && d.meta.mutable {
		reasons = append(reasons, fmt.Sprintf("the %s metadata is marked mutable", d.meta.source))
	}
	if p := d.m.Extension(extMetadataPointer); p != nil && p.Pointer != nil && p.Pointer.Authority != nil {
		reasons = append(reasons, fmt.Sprintf("the metadata pointer authority %s can point the mint at other metadata", p.Pointer.Authority))
	}
	if len(reasons) > 0 {
		return fail(LowRisk, 10, "The token's metadata can change: "+join(reasons)+".")
	}
	if d.meta == nil {
		return pass(NoImpact, "The token has no metadata to change.")
	}
	return pass(NoImpact, "The token's metadata is immutable.")
}

func checkMintCloseAuthority(d *chainData) verdict {
	if e := d.m.Extension(extMintCloseAuthority); e != nil && e.Authority != nil {
		return fail(LowRisk, 10, fmt.Sprintf("The close authority %s can close the mint once its supply is zero and reopen the address as a different mint.", e.Authority))
	}
	return pass(NoImpact, "The mint cannot be closed.")
}

func join(parts []string) string {
	out := ""
	for i, p := range parts {
		switch {
		case i == 0:
		case i == len(parts)-1:
			out += " and "
		default:
			out += ", "
		}
		out += p
	}
	return out
}
