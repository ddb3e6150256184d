//! Duplicate mutable zero-copy accounts keyed by a range whose bounds are
//! not kept ordered: one setter checks lo < hi, another stores them as
//! given, so lo == hi is possible and both write-backs hit one slot of one
//! shard when the caller passes the same shard twice.
use anchor_lang::prelude::*;

declare_id!("DupU111111111111111111111111111111111111111");

#[program]
pub mod dup_zero_copy_unordered {
    use super::*;

    pub fn open_range(ctx: Context<SetRange>, lo: u32, hi: u32) -> Result<()> {
        require!(lo < hi, BookError::BadRange);
        ctx.accounts.range.lo = lo;
        ctx.accounts.range.hi = hi;
        Ok(())
    }

    pub fn move_range(ctx: Context<SetRange>, lo: u32, hi: u32) -> Result<()> {
        ctx.accounts.range.lo = lo;
        ctx.accounts.range.hi = hi;
        Ok(())
    }

    pub fn insecure_fill_range(ctx: Context<FillRange>, amount: u64) -> Result<()> {
        let range = &ctx.accounts.range;
        let mut low_slot = ctx.accounts.low_shard.load()?.slots[range.lo as usize];
        let mut high_slot = ctx.accounts.high_shard.load()?.slots[range.hi as usize];
        low_slot.amount += amount;
        high_slot.amount = high_slot.amount.saturating_sub(amount);
        ctx.accounts.low_shard.load_mut()?.slots[range.lo as usize] = low_slot;
        ctx.accounts.high_shard.load_mut()?.slots[range.hi as usize] = high_slot;
        Ok(())
    }
}

#[account]
pub struct Range {
    pub lo: u32,
    pub hi: u32,
}

#[zero_copy]
pub struct Slot {
    pub amount: u64,
}

#[account(zero_copy)]
pub struct Shard {
    pub slots: [Slot; 64],
}

#[derive(Accounts)]
pub struct SetRange<'info> {
    #[account(mut, has_one = owner)]
    pub range: Account<'info, Range>,
    pub owner: Signer<'info>,
}

#[derive(Accounts)]
pub struct FillRange<'info> {
    pub range: Account<'info, Range>,
    #[account(mut)]
    pub low_shard: AccountLoader<'info, Shard>,
    #[account(mut)]
    pub high_shard: AccountLoader<'info, Shard>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[error_code]
pub enum BookError {
    BadRange,
}
