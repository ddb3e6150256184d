//! Unchecked arithmetic (Anchor, overflow-checks = false) on operands too
//! narrow to overflow, beside the operations that still can.
use anchor_lang::prelude::*;

declare_id!("Arin1111111111111111111111111111111111111111");

#[program]
pub mod narrow {
    use super::*;

    // Two u64 widened to u128, a length or a loop index plus one, and
    // operands bounded by a check cannot overflow; the final sum can.
    pub fn secure_narrow_operands(ctx: Context<Update>, amount: u64, bps: u16, items: Vec<u8>) -> Result<()> {
        require!(bps <= 10_000, ArithError::Overflow);
        let ledger = &mut ctx.accounts.ledger;
        let scaled = amount as u128 * ledger.balance as u128;
        let fee_units = bps as u64 * 2;
        let slots = items.len() + 1;
        for i in 0..items.len() {
            msg!("{} of {}", i + 1, slots);
        }
        ledger.fees = scaled as u64 + fee_units; // want "SOLANA_UNCHECKED_ARITHMETIC"
        Ok(())
    }

    // Three u64 multiplied in u128 can overflow it.
    pub fn insecure_triple_product(ctx: Context<Update>, a: u64, b: u64) -> Result<()> {
        let wide = a as u128 * b as u128 * ctx.accounts.ledger.balance as u128; // want "SOLANA_UNCHECKED_ARITHMETIC"
        ctx.accounts.ledger.fees = wide as u64;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Update<'info> {
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
    pub owner: Signer<'info>,
}

#[account]
pub struct Ledger {
    pub balance: u64,
    pub fees: u64,
}

#[error_code]
pub enum ArithError {
    Overflow,
}
