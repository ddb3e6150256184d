//! Duplicate mutable accounts (Anchor before 1.0): two mutable accounts of
//! one type may be the same account; the second write wins on exit.
use anchor_lang::prelude::*;

declare_id!("Dupl1111111111111111111111111111111111111111");

#[program]
pub mod duplicate_mut {
    use super::*;

    pub fn insecure_settle(ctx: Context<InsecureSettle>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    pub fn secure_settle(ctx: Context<SecureSettle>, amount: u64) -> Result<()> {
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }

    pub fn secure_settle_checked(ctx: Context<InsecureSettleChecked>, amount: u64) -> Result<()> {
        require_keys_neq!(ctx.accounts.from.key(), ctx.accounts.to.key(), DupError::SameAccount);
        ctx.accounts.from.balance = ctx.accounts.from.balance.checked_sub(amount).unwrap_or_default();
        ctx.accounts.to.balance = ctx.accounts.to.balance.saturating_add(amount);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureSettle<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut)]
    pub to: Account<'info, Player>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
    pub referee: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureSettle<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut, constraint = to.key() != from.key() @ DupError::SameAccount)]
    pub to: Account<'info, Player>,
    pub referee: Signer<'info>,
}

#[derive(Accounts)]
pub struct InsecureSettleChecked<'info> {
    #[account(mut)]
    pub from: Account<'info, Player>,
    #[account(mut)]
    pub to: Account<'info, Player>,
    pub referee: Signer<'info>,
}

#[account]
pub struct Player {
    pub balance: u64,
}

#[error_code]
pub enum DupError {
    SameAccount,
}
