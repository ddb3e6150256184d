//! Division by a value that can be zero (Anchor): integer division by zero
//! panics, so an unchecked divisor lets a caller, or an emptied account,
//! abort the instruction.
use anchor_lang::prelude::*;

declare_id!("Div0111111111111111111111111111111111111111");

pub const BPS: u64 = 10_000;

#[program]
pub mod vault {
    use super::*;

    // shares / total_shares: an empty vault (total_shares == 0) blocks
    // every withdrawal.
    pub fn insecure_withdraw(ctx: Context<Withdraw>, shares: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        let amount = (shares as u128 * vault.total_assets as u128 / vault.total_shares as u128) as u64; // want "SOLANA_DIVISION_BY_ZERO"
        vault.total_assets = vault.total_assets.checked_sub(amount).ok_or(VaultError::Math)?;
        Ok(())
    }

    pub fn secure_withdraw(ctx: Context<Withdraw>, shares: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        require!(vault.total_shares > 0, VaultError::Empty);
        let amount = (shares as u128 * vault.total_assets as u128 / vault.total_shares as u128) as u64;
        vault.total_assets = vault.total_assets.checked_sub(amount).ok_or(VaultError::Math)?;
        Ok(())
    }

    // The instruction argument is the divisor.
    pub fn insecure_split(ctx: Context<Withdraw>, parts: u64) -> Result<()> {
        ctx.accounts.vault.per_part = ctx.accounts.vault.total_assets / parts; // want "SOLANA_DIVISION_BY_ZERO"
        Ok(())
    }

    pub fn secure_split_checked(ctx: Context<Withdraw>, parts: u64) -> Result<()> {
        ctx.accounts.vault.per_part = ctx.accounts.vault.total_assets.checked_div(parts).ok_or(VaultError::Math)?;
        Ok(())
    }

    pub fn secure_split_plus_one(ctx: Context<Withdraw>, parts: u64) -> Result<()> {
        ctx.accounts.vault.per_part = ctx.accounts.vault.total_assets / (parts + 1);
        Ok(())
    }

    // A helper divides by its parameter; this handler passes an
    // instruction argument straight through.
    pub fn insecure_fee(ctx: Context<Withdraw>, amount: u64, rate_divisor: u64) -> Result<()> {
        ctx.accounts.vault.fees = fee_of(amount, rate_divisor);
        Ok(())
    }

    // The same helper, fed a constant.
    pub fn secure_fee(ctx: Context<Withdraw>, amount: u64) -> Result<()> {
        ctx.accounts.vault.fees = fee_of(amount, BPS);
        Ok(())
    }

    // The constraint on the Accounts struct keeps total_shares non-zero.
    pub fn secure_price(ctx: Context<Priced>) -> Result<()> {
        let v = &ctx.accounts.vault;
        msg!("price {}", v.total_assets / v.total_shares);
        Ok(())
    }

    // A divisor computed from the argument: 100 - bonus is zero at 100.
    pub fn insecure_bonus(ctx: Context<Withdraw>, bonus: u64) -> Result<()> {
        let divisor = 100 - bonus;
        ctx.accounts.vault.per_part = ctx.accounts.vault.total_assets % divisor; // want "SOLANA_DIVISION_BY_ZERO"
        Ok(())
    }

    pub fn secure_bonus(ctx: Context<Withdraw>, bonus: u64) -> Result<()> {
        if bonus >= 100 {
            return err!(VaultError::Math);
        }
        let divisor = 100 - bonus;
        ctx.accounts.vault.per_part = ctx.accounts.vault.total_assets % divisor;
        Ok(())
    }
}

fn fee_of(amount: u64, divisor: u64) -> u64 {
    amount / divisor // want "SOLANA_DIVISION_BY_ZERO"
}

#[account]
pub struct Vault {
    pub total_assets: u64,
    pub total_shares: u64,
    pub per_part: u64,
    pub fees: u64,
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    #[account(mut)]
    pub vault: Account<'info, Vault>,
    pub owner: Signer<'info>,
}

#[derive(Accounts)]
pub struct Priced<'info> {
    #[account(constraint = vault.total_shares > 0 @ VaultError::Empty)]
    pub vault: Account<'info, Vault>,
}

#[error_code]
pub enum VaultError {
    Math,
    Empty,
}
