package solana

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/scan/onchain/solana/spltoken"
)

// Kinds of holders left out of the concentration checks.
const (
	KindBurn = "burn"
	KindPool = "pool"
)

// holder is one owner's share of the largest token accounts.
type holder struct {
	owner  string
	amount uint64
	kind   string // "", KindBurn or KindPool
	label  string
}

// readHolders finds the owners of the largest token accounts and classifies them.
func (s *Scanner) readHolders(ctx context.Context, d *chainData, largest []rpc.LargestAccount) ([]holder, error) {
	if len(largest) == 0 {
		d.listComplete = true
		return nil, nil
	}
	d.listComplete = len(largest) < largestLimit
	keys := make([]string, len(largest))
	for i, a := range largest {
		keys[i] = a.Address
	}
	accs, err := s.rpc.GetMultipleAccounts(ctx, keys)
	if err != nil {
		return nil, fmt.Errorf("reading the largest token accounts: %w", err)
	}
	byOwner := map[string]*holder{}
	var order []*holder
	var pdaOwners []string
	for i, a := range largest {
		owner := a.Address // when the account vanished or is unreadable, count it as its own holder
		if acc := accs[i]; acc != nil {
			if ta, err := spltoken.DecodeAccount(acc.Data); err == nil && ta.Mint == d.mint {
				owner = ta.Owner.String()
			}
		}
		h, ok := byOwner[owner]
		if !ok {
			h = &holder{owner: owner}
			byOwner[owner] = h
			order = append(order, h)
			switch {
			case s.BurnAddresses[owner] != "":
				h.kind, h.label = KindBurn, s.BurnAddresses[owner]
			case s.PoolAuthorities[owner] != "":
				h.kind, h.label = KindPool, s.PoolAuthorities[owner]
			default:
				if k, err := pubkey.Parse(owner); err == nil && !pubkey.IsOnCurve(k) {
					pdaOwners = append(pdaOwners, owner)
				}
			}
		}
		h.amount += a.Amount
	}
	if len(pdaOwners) > 0 {
		// Program-derived owners: a pool if their account belongs to a known AMM program.
		owners, err := s.rpc.GetMultipleAccounts(ctx, pdaOwners)
		if err != nil {
			return nil, fmt.Errorf("reading the owners of pool-like accounts: %w", err)
		}
		for i, o := range owners {
			if o == nil {
				continue
			}
			if label := s.PoolPrograms[o.Owner]; label != "" {
				h := byOwner[pdaOwners[i]]
				h.kind, h.label = KindPool, label
			}
		}
	}
	out := make([]holder, len(order))
	for i, h := range order {
		out[i] = *h
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].amount > out[j].amount })
	if n := len(largest); n > 0 && d.supply > 0 {
		d.smallestPct = percent(largest[n-1].Amount, d.supply)
	}
	return out, nil
}

// percent returns 100*part/whole rounded to 4 decimals (exact integer arithmetic first:
// supplies reach 2^64).
func percent(part, whole uint64) float64 {
	if whole == 0 {
		return 0
	}
	p := new(big.Rat).SetFrac(new(big.Int).SetUint64(part), new(big.Int).SetUint64(whole))
	p.Mul(p, big.NewRat(100, 1))
	f, _ := p.Float64()
	return round(f, 4)
}

// holdersInfo renders the holders for the report.
func holdersInfo(d *chainData) HoldersInfo {
	info := HoldersInfo{LargestAccounts: []Holder{}, TotalAmount: "0"}
	total := new(big.Int)
	var pct float64
	for _, h := range d.holders {
		p := percent(h.amount, d.supply)
		info.LargestAccounts = append(info.LargestAccounts, Holder{
			Address: h.owner, Amount: fmt.Sprint(h.amount), Percentage: p, Kind: h.kind, Label: h.label,
		})
		total.Add(total, new(big.Int).SetUint64(h.amount))
		pct += p
	}
	info.TotalAmount = jsonNumber(total.String())
	info.TotalPercentage = round(pct, 4)
	return info
}
