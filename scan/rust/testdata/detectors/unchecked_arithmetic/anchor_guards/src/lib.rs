//! Unchecked arithmetic (Anchor, overflow-checks = false), by what bounds the
//! operands (class 9 of issue 28): a dominating guard, a loop's range, a
//! value widened from a narrower type, a counter a loop raises once per
//! element, v.len() - 1 after a push, a sum only compared. Balance and
//! lamport updates by user amounts stay reported.
use anchor_lang::prelude::*;

declare_id!("ArGu111111111111111111111111111111111111111");

pub const SLOT_SIZE: u64 = 48;

#[program]
pub mod guards {
    use super::*;

    pub fn secure_shapes(ctx: Context<Update>, count: u8, start: u64, end: u64, cap: u64) -> Result<()> {
        let ledger = &mut ctx.accounts.ledger;
        // A dominating guard.
        if end > start {
            ledger.span = end - start;
        }
        // require!(x > 0) then x - 1.
        require!(cap > 0, ArithError::Bad);
        ledger.last = cap - 1;
        // A value widened from u8 times a constant fits u64.
        ledger.space = count as u64 * SLOT_SIZE + 8;
        // A counter raised once per element of a list.
        let mut used = 0u64;
        for slot in ledger.slots.iter() {
            if *slot != 0 {
                used += 1;
            }
        }
        ledger.used = used;
        // n - 1 inside a loop over 0..n.
        let n = ledger.slots.len();
        for i in 0..n {
            if i == n - 1 {
                msg!("last slot");
            }
        }
        // len - 1 right after a push.
        let mut marks = Vec::new();
        marks.push(start);
        let top = marks.len() - 1;
        msg!("top {}", top);
        // A sum whose only use is a comparison that rejects.
        if start + end > cap {
            return err!(ArithError::Bad);
        }
        Ok(())
    }

    pub fn insecure_credit(ctx: Context<Update>, amount: u64) -> Result<()> {
        ctx.accounts.ledger.balance += amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
        **ctx.accounts.payee.try_borrow_mut_lamports()? += amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
        Ok(())
    }

    // The guard compares other values: start - cap can still underflow.
    pub fn insecure_wrong_guard(ctx: Context<Update>, start: u64, end: u64, cap: u64) -> Result<()> {
        if end > start {
            ctx.accounts.ledger.span = start - cap; // want "SOLANA_UNCHECKED_ARITHMETIC"
        }
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Update<'info> {
    #[account(mut, has_one = owner)]
    pub ledger: Account<'info, Ledger>,
    pub owner: Signer<'info>,
    /// CHECK: receives lamports.
    #[account(mut)]
    pub payee: AccountInfo<'info>,
}

#[account]
pub struct Ledger {
    pub owner: Pubkey,
    pub balance: u64,
    pub span: u64,
    pub last: u64,
    pub space: u64,
    pub used: u64,
    pub slots: [u64; 8],
}

#[error_code]
pub enum ArithError {
    Bad,
}
