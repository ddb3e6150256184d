//! Duplicate mutable accounts (Anchor 1.0 and later): Anchor rejects the
//! same account in two mutable Account fields unless a field opts out
//! with the dup constraint.
use anchor_lang::prelude::*;

declare_id!("Dupv1111111111111111111111111111111111111111");

#[program]
pub mod duplicate_mut_v1 {
    use super::*;

    pub fn checked_by_anchor(ctx: Context<CheckedByAnchor>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.saturating_sub(amount);
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    pub fn opted_out(ctx: Context<OptedOut>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.saturating_sub(amount);
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct CheckedByAnchor<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut)]
    pub to: Account<'info, Player>,
}

#[derive(Accounts)]
pub struct OptedOut<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut, dup)]
    pub to: Account<'info, Player>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[account]
pub struct Player {
    pub balance: u64,
}
