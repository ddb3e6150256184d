//! Unchecked arithmetic (Anchor, overflow-checks = false): wrapping
//! integer arithmetic on balances in release builds.
use anchor_lang::prelude::*;

declare_id!("Arit1111111111111111111111111111111111111111");

#[program]
pub mod arithmetic {
    use super::*;

    pub fn insecure_deposit(ctx: Context<Update>, amount: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        account.balance = account.balance + amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
        account.deposits += 1; // want "SOLANA_UNCHECKED_ARITHMETIC"
        Ok(())
    }

    pub fn insecure_withdraw(ctx: Context<Update>, amount: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        account.balance -= amount; // want "SOLANA_UNCHECKED_ARITHMETIC"
        let fee = amount * FEE_BPS / 10_000; // want "SOLANA_UNCHECKED_ARITHMETIC"
        account.fees = account.fees.checked_add(fee).ok_or(ArithError::Overflow)?;
        Ok(())
    }

    pub fn secure_deposit(ctx: Context<Update>, amount: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        account.balance = account.balance.checked_add(amount).ok_or(ArithError::Overflow)?;
        account.deposits = account.deposits.saturating_add(1);
        Ok(())
    }

    pub fn secure_withdraw(ctx: Context<Update>, amount: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        account.balance = account.balance.checked_sub(amount).ok_or(ArithError::Underflow)?;
        let fee = amount
            .checked_mul(FEE_BPS)
            .and_then(|v| v.checked_div(10_000))
            .ok_or(ArithError::Overflow)?;
        account.fees = account.fees.checked_add(fee).ok_or(ArithError::Overflow)?;
        Ok(())
    }

    pub fn secure_settle_difference(ctx: Context<Update>, target: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        // Each subtraction runs only on the side of the comparison where it
        // cannot underflow.
        match account.balance.cmp(&target) {
            std::cmp::Ordering::Less => account.fees = target - account.balance,
            std::cmp::Ordering::Greater => account.fees = account.balance - target,
            std::cmp::Ordering::Equal => {}
        }
        if account.deposits > target {
            account.deposits = account.deposits - target;
        }
        Ok(())
    }

    pub fn secure_header_len(_ctx: Context<Update>) -> Result<()> {
        // size_of is a compile-time constant: nothing here can overflow.
        let len = std::mem::size_of::<Ledger>() + 8;
        msg!("header {}", len);
        Ok(())
    }
}

pub const FEE_BPS: u64 = 25;
pub const SPACE: usize = 8 + 8 + 8 + 8;

#[derive(Accounts)]
pub struct Update<'info> {
    #[account(mut, has_one = owner)]
    pub account: Account<'info, Ledger>,
    pub owner: Signer<'info>,
}

#[account]
pub struct Ledger {
    pub owner: Pubkey,
    pub balance: u64,
    pub deposits: u64,
    pub fees: u64,
}

#[error_code]
pub enum ArithError {
    Overflow,
    Underflow,
}
