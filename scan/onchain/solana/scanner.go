package solana

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/vigil-sec/vigil/scan/onchain/solana/metaplex"
	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/scan/onchain/solana/spltoken"
)

// Scanner scans Solana tokens through one JSON-RPC endpoint. The zero value is not usable;
// build one with New. A Scanner is safe for concurrent use.
type Scanner struct {
	rpc *rpc.Client

	// Images resolves the image of the token's metadata URI; nil leaves token_image_uri empty.
	Images ImageResolver
	// BurnAddresses, PoolAuthorities and PoolPrograms (address -> label) decide which holders
	// the concentration checks leave out. New sets the package defaults.
	BurnAddresses   map[string]string
	PoolAuthorities map[string]string
	PoolPrograms    map[string]string
	// Now and NewID are the clock and the scan id source (tests replace them).
	Now   func() time.Time
	NewID func() string
}

// New returns a Scanner reading the chain through c.
func New(c *rpc.Client) *Scanner {
	return &Scanner{
		rpc:             c,
		BurnAddresses:   DefaultBurnAddresses,
		PoolAuthorities: DefaultPoolAuthorities,
		PoolPrograms:    DefaultPoolPrograms,
		Now:             time.Now,
		NewID:           randomID,
	}
}

// randomID returns 24 hex digits, the length of the scan ids the service hands out.
func randomID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ParseMint checks that s is a base58 32-byte key; the error wraps ErrInvalidKey.
func ParseMint(s string) (pubkey.Key, error) {
	k, err := pubkey.Parse(s)
	if err != nil {
		return k, fmt.Errorf("%w: %v", ErrInvalidKey, err)
	}
	return k, nil
}

// Validate reports whether key is a mint of the SPL Token or Token-2022 program. Garbage,
// wallets, token accounts and missing accounts give false with a nil error; only a failure to
// read the chain gives an error. It costs one round trip.
func (s *Scanner) Validate(ctx context.Context, key string) (bool, error) {
	k, err := ParseMint(key)
	if err != nil {
		return false, nil
	}
	acc, err := s.rpc.GetAccountInfo(ctx, k.String())
	if err != nil {
		return false, err
	}
	if acc == nil {
		return false, nil
	}
	_, err = decodeMintAccount(acc)
	return err == nil, nil
}

func decodeMintAccount(acc *rpc.Account) (*spltoken.Mint, error) {
	owner, err := pubkey.Parse(acc.Owner)
	if err != nil {
		return nil, fmt.Errorf("%w: owner is not a public key", ErrNotMint)
	}
	m, err := spltoken.DecodeMint(acc.Data, owner)
	if err != nil {
		if errors.Is(err, spltoken.ErrNotMint) {
			return nil, fmt.Errorf("%w (%v)", ErrNotMint, err)
		}
		// A token program account that does not decode is not a mint we can scan either.
		return nil, fmt.Errorf("%w: %v", ErrNotMint, err)
	}
	return m, nil
}

// chainData is everything a scan read from the chain; checks only look at this.
type chainData struct {
	mint     pubkey.Key
	program  pubkey.Key
	m        *spltoken.Mint
	supply   uint64
	epoch    uint64
	epochErr error

	metaplexAddr pubkey.Key
	meta         *tokenMeta // nil when the token has no metadata
	metaErr      error      // metadata exists but could not be read

	holders    []holder // by owner, largest first
	holdersErr error
	// listComplete is true when the node listed fewer accounts than its limit, so every
	// holder is in the list.
	listComplete bool
	smallestPct  float64 // percentage of the smallest listed token account
}

// tokenMeta unifies Metaplex metadata and Token-2022 embedded metadata.
type tokenMeta struct {
	source          string // "metaplex" or "token-2022"
	address         pubkey.Key
	name, symbol    string
	uri             string
	updateAuthority *pubkey.Key // nil: nobody can update
	// recordedAuthority is the update authority written in the account, even when the
	// metadata is immutable and it has no power left; it names the creator when no creator
	// is listed.
	recordedAuthority *pubkey.Key
	mutable           bool
	creators          []metaplex.Creator
	standard          string
}

// largestLimit is how many accounts getTokenLargestAccounts lists at most.
const largestLimit = 20

// Scan reads the token's accounts, runs every check and builds the report. clientID is
// copied into the report. Errors wrap ErrInvalidKey, ErrNotFound or ErrNotMint for bad input;
// any other error is a failure to read the mint itself. Failures to read holders or epoch
// make the checks that need them Unavailable instead of failing the scan.
func (s *Scanner) Scan(ctx context.Context, mint string, clientID int64) (*Report, error) {
	start := s.Now()
	d, err := s.read(ctx, mint)
	if err != nil {
		return nil, err
	}
	rep := s.build(d)
	rep.ScanID = s.NewID()
	rep.ScanInitTime = start.UTC().Format("2006-01-02T15:04:05.000000")
	rep.ClientID = clientID
	if s.Images != nil && rep.Metadata.TokenURI != "" {
		ictx, cancel := context.WithTimeout(ctx, imageTimeout)
		img, err := s.Images.ResolveImage(ictx, rep.Metadata.TokenURI)
		cancel()
		if err == nil {
			rep.Metadata.TokenImageURI = img
		}
	}
	return rep, nil
}

// read gathers the chain data in two or three round trips:
//  1. one batch: getMultipleAccounts [mint, metadata PDA], getTokenSupply,
//     getTokenLargestAccounts, getEpochInfo;
//  2. getMultipleAccounts of the largest token accounts, for their owners;
//  3. only when some owners are program-derived and not known by address:
//     getMultipleAccounts of those owners, to see which program owns them.
func (s *Scanner) read(ctx context.Context, mintStr string) (*chainData, error) {
	mint, err := ParseMint(mintStr)
	if err != nil {
		return nil, err
	}
	pda, err := metaplex.MetadataAddress(mint)
	if err != nil {
		return nil, fmt.Errorf("deriving the metadata address: %w", err)
	}
	accs := rpc.GetMultipleAccountsCall([]string{mint.String(), pda.String()})
	supply := rpc.GetTokenSupplyCall(mint.String())
	largest := rpc.GetTokenLargestAccountsCall(mint.String())
	epoch := rpc.GetEpochInfoCall()
	s.rpc.Do(ctx, accs, supply, largest, epoch)
	if accs.Err != nil {
		return nil, fmt.Errorf("reading the mint account: %w", accs.Err)
	}
	if accs.Accounts[0] == nil {
		return nil, ErrNotFound
	}
	m, err := decodeMintAccount(accs.Accounts[0])
	if err != nil {
		return nil, err
	}
	d := &chainData{mint: mint, m: m, metaplexAddr: pda, supply: m.Supply, epochErr: epoch.Err, epoch: epoch.Epoch}
	d.program = pubkey.MustParse(accs.Accounts[0].Owner)
	if supply.Err == nil {
		// The node's figure and the mint's may differ by a slot; the node's is what it
		// computed the largest accounts against.
		d.supply = supply.Supply.Amount
	}
	d.meta, d.metaErr = pickMetadata(mint, m, pda, accs.Accounts[1])
	if largest.Err != nil {
		d.holdersErr = largest.Err
		return d, nil
	}
	d.holders, d.holdersErr = s.readHolders(ctx, d, largest.Accounts)
	return d, nil
}

// pickMetadata chooses the token's metadata: the Token-2022 embedded metadata when the mint's
// metadata pointer points at the mint itself (or there is no Metaplex account), otherwise the
// Metaplex account.
func pickMetadata(mint pubkey.Key, m *spltoken.Mint, pda pubkey.Key, mpAcc *rpc.Account) (*tokenMeta, error) {
	var embedded *tokenMeta
	if e := m.Extension(spltoken.ExtTokenMetadata); e != nil && e.Metadata != nil {
		md := e.Metadata
		embedded = &tokenMeta{
			source: "token-2022", address: mint, name: md.Name, symbol: md.Symbol, uri: md.URI,
			updateAuthority: md.UpdateAuthority, recordedAuthority: md.UpdateAuthority, mutable: md.UpdateAuthority != nil,
		}
		if p := m.Extension(spltoken.ExtMetadataPointer); p != nil && p.Pointer != nil && p.Pointer.Address != nil && *p.Pointer.Address == mint {
			return embedded, nil
		}
	}
	if mpAcc != nil && mpAcc.Owner == pubkey.MetadataProgram.String() {
		md, err := metaplex.Decode(mpAcc.Data)
		if err != nil {
			if embedded != nil {
				return embedded, nil
			}
			return nil, fmt.Errorf("metadata account %s: %w", pda, err)
		}
		t := &tokenMeta{
			source: "metaplex", address: pda, name: md.Name, symbol: md.Symbol, uri: md.URI,
			mutable: md.IsMutable, creators: md.Creators,
		}
		if !md.UpdateAuthority.IsZero() {
			ua := md.UpdateAuthority
			t.recordedAuthority = &ua
			if md.IsMutable {
				t.updateAuthority = &ua
			}
		}
		if md.TokenStandard != nil {
			t.standard = md.TokenStandard.String()
		}
		return t, nil
	}
	if embedded == nil {
		if p := m.Extension(spltoken.ExtMetadataPointer); p != nil && p.Pointer != nil && p.Pointer.Address != nil && *p.Pointer.Address != mint && *p.Pointer.Address != pda {
			// Metadata kept in another program's account: its layout is that program's own.
			// Saying "no metadata" would be a guess, so the metadata checks become Unavailable.
			return nil, fmt.Errorf("the metadata pointer names account %s, kept by another program, which this scanner does not decode", p.Pointer.Address)
		}
	}
	return embedded, nil
}
