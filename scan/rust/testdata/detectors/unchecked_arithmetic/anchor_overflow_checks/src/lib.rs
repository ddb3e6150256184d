//! Unchecked arithmetic with overflow-checks = true: release builds trap
//! on overflow, so plain operators are not reported.
use anchor_lang::prelude::*;

declare_id!("Aric1111111111111111111111111111111111111111");

#[program]
pub mod arithmetic_checked {
    use super::*;

    pub fn deposit(ctx: Context<Update>, amount: u64) -> Result<()> {
        let account = &mut ctx.accounts.account;
        account.balance = account.balance + amount;
        account.deposits += 1;
        Ok(())
    }
}

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
}
