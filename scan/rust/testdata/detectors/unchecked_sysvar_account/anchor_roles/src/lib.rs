//! Unchecked sysvar account (Anchor): a field named and used as a sysvar
//! but typed AccountInfo, with or without a check of its address.
use anchor_lang::prelude::*;

declare_id!("SysR111111111111111111111111111111111111111");

#[program]
pub mod sysvar_roles {
    use super::*;

    pub fn insecure_stamp(ctx: Context<InsecureStamp>) -> Result<()> {
        msg!("clock account {}", ctx.accounts.clock.key());
        Ok(())
    }

    pub fn secure_stamp(ctx: Context<SecureStamp>) -> Result<()> {
        require_keys_eq!(ctx.accounts.clock.key(), anchor_lang::solana_program::sysvar::clock::ID);
        msg!("clock account {}", ctx.accounts.clock.key());
        Ok(())
    }

    pub fn secure_rent(ctx: Context<SecureRent>) -> Result<()> {
        let rent = Rent::from_account_info(&ctx.accounts.rent)?;
        msg!("minimum {}", rent.minimum_balance(64));
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureStamp<'info> {
    /// CHECK: meant to be the clock sysvar; nothing checks it.
    pub clock: AccountInfo<'info>, // want "SOLANA_UNCHECKED_SYSVAR_ACCOUNT"
}

#[derive(Accounts)]
pub struct SecureStamp<'info> {
    /// CHECK: compared with the clock sysvar id in the handler.
    pub clock: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureRent<'info> {
    /// CHECK: Rent::from_account_info checks the address.
    pub rent: AccountInfo<'info>,
}
