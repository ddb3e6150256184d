//! Duplicate mutable zero-copy accounts (Anchor before 1.0). A ledger book
//! keeps its slots in two shard accounts that may legitimately be one
//! account (both slots of a range in one shard). Zero-copy writes land in
//! the shared bytes at once, so one account passed twice is safe unless a
//! write stores a copy read before the other account's write over the same
//! bytes. Here the slots written are keyed by a range whose bounds every
//! setter keeps ordered (lo < hi), so the two element writes never meet.
use anchor_lang::prelude::*;

declare_id!("DupZ111111111111111111111111111111111111111");

#[program]
pub mod dup_zero_copy_keyed {
    use super::*;

    pub fn open_range(ctx: Context<OpenRange>, lo: u32, hi: u32) -> Result<()> {
        ctx.accounts.range.open(lo, hi)
    }

    // Copies of the two slots are taken, changed and written back; the
    // slots are range.lo and range.hi, never the same slot.
    pub fn secure_fill_range(ctx: Context<FillRange>, amount: u64) -> Result<()> {
        fill(&ctx.accounts.range, &ctx.accounts.low_shard, &ctx.accounts.high_shard, amount)
    }

    // Read-modify-write inside one borrow each: nothing stale is stored.
    pub fn secure_count_both(ctx: Context<CountBoth>, amount: u64) -> Result<()> {
        ctx.accounts.first.load_mut()?.filled += amount;
        ctx.accounts.second.load_mut()?.filled -= amount;
        ctx.accounts.first.load_mut()?.bump_epoch();
        ctx.accounts.second.load_mut()?.bump_epoch();
        Ok(())
    }

    // The slot indices come from the caller: both may name one slot of
    // one shard, and the second write-back erases the first.
    pub fn insecure_fill_slots(ctx: Context<FillSlots>, a: u32, b: u32, amount: u64) -> Result<()> {
        let mut first = *ctx.accounts.shard_a.load_mut()?.slot_mut(a)?;
        let mut second = *ctx.accounts.shard_b.load_mut()?.slot_mut(b)?;
        first.amount += amount;
        second.amount -= amount;
        ctx.accounts.shard_a.load_mut()?.put_slot(a, first)?;
        ctx.accounts.shard_b.load_mut()?.put_slot(b, second)?;
        Ok(())
    }

    // Totals read before either write and written back through each
    // shard: one shard passed twice keeps only the second total.
    pub fn insecure_rebalance(ctx: Context<Rebalance>, amount: u64) -> Result<()> {
        rebalance(&ctx.accounts.giver, &ctx.accounts.taker, amount)
    }

    // The shards travel in a bundle the helper writes through: what it
    // does with them is not followed, so the pair stays reported.
    pub fn insecure_swap_bundle(ctx: Context<SwapBundle>) -> Result<()> {
        let pair = ShardPair { one: &ctx.accounts.left, other: &ctx.accounts.right };
        pair.swap_filled()
    }
}

pub struct ShardPair<'a, 'info> {
    pub one: &'a AccountLoader<'info, Shard>,
    pub other: &'a AccountLoader<'info, Shard>,
}

impl<'a, 'info> ShardPair<'a, 'info> {
    fn swap_filled(&self) -> Result<()> {
        let x = self.one.load()?.filled;
        let y = self.other.load()?.filled;
        self.one.load_mut()?.filled = y;
        self.other.load_mut()?.filled = x;
        Ok(())
    }
}

fn fill<'info>(
    range: &Account<'info, Range>,
    low: &AccountLoader<'info, Shard>,
    high: &AccountLoader<'info, Shard>,
    amount: u64,
) -> Result<()> {
    let mut low_slot = *low.load_mut()?.slot_mut(range.lo)?;
    let mut high_slot = *high.load_mut()?.slot_mut(range.hi)?;
    low_slot.amount += amount;
    high_slot.amount = high_slot.amount.saturating_sub(amount);
    low.load_mut()?.put_slot(range.lo, low_slot)?;
    high.load_mut()?.put_slot(range.hi, high_slot)?;
    low.load_mut()?.bump_epoch();
    high.load_mut()?.bump_epoch();
    Ok(())
}

fn rebalance<'info>(giver: &AccountLoader<'info, Shard>, taker: &AccountLoader<'info, Shard>, amount: u64) -> Result<()> {
    let given = giver.load()?.filled;
    let taken = taker.load()?.filled;
    giver.load_mut()?.filled = given.saturating_sub(amount);
    taker.load_mut()?.filled = taken.saturating_add(amount);
    Ok(())
}

#[account]
pub struct Range {
    pub lo: u32,
    pub hi: u32,
}

impl Range {
    pub fn open(&mut self, lo: u32, hi: u32) -> Result<()> {
        check_order(lo, hi)?;
        self.lo = lo;
        self.hi = hi;
        Ok(())
    }
}

fn check_order(lo: u32, hi: u32) -> Result<()> {
    require!(lo < hi, BookError::BadRange);
    Ok(())
}

#[zero_copy]
pub struct Slot {
    pub amount: u64,
}

#[account(zero_copy)]
pub struct Shard {
    pub filled: u64,
    pub epoch: u64,
    pub slots: [Slot; 64],
}

impl Shard {
    fn offset(&self, index: u32) -> Result<usize> {
        require!((index as usize) < self.slots.len(), BookError::BadRange);
        Ok(index as usize)
    }

    pub fn slot_mut(&mut self, index: u32) -> Result<&mut Slot> {
        let at = self.offset(index)?;
        Ok(&mut self.slots[at])
    }

    pub fn put_slot(&mut self, index: u32, slot: Slot) -> Result<()> {
        let at = self.offset(index)?;
        self.slots[at] = slot;
        self.epoch = Clock::get()?.epoch;
        Ok(())
    }

    pub fn bump_epoch(&mut self) {
        self.epoch = self.epoch.saturating_add(1);
    }
}

#[derive(Accounts)]
pub struct OpenRange<'info> {
    #[account(init, payer = payer, space = 8 + 8)]
    pub range: Account<'info, Range>,
    #[account(mut)]
    pub payer: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct FillRange<'info> {
    pub range: Account<'info, Range>,
    #[account(mut)]
    pub low_shard: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub high_shard: AccountLoader<'info, Shard>,
}

#[derive(Accounts)]
pub struct CountBoth<'info> {
    #[account(mut)]
    pub first: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub second: AccountLoader<'info, Shard>,
}

#[derive(Accounts)]
pub struct FillSlots<'info> {
    #[account(mut)]
    pub shard_a: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub shard_b: AccountLoader<'info, Shard>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[derive(Accounts)]
pub struct Rebalance<'info> {
    #[account(mut)]
    pub giver: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub taker: AccountLoader<'info, Shard>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[derive(Accounts)]
pub struct SwapBundle<'info> {
    #[account(mut)]
    pub left: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub right: AccountLoader<'info, Shard>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[error_code]
pub enum BookError {
    BadRange,
}
