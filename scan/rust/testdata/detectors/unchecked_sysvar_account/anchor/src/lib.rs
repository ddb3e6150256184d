//! Unchecked sysvar account (Anchor): a sysvar read from raw account data
//! without checking the account's address, so a forged account is trusted
//! (the pattern behind the Wormhole exploit).
use anchor_lang::prelude::*;
#[allow(deprecated)]
use anchor_lang::solana_program::sysvar::instructions::{
    load_current_index, load_instruction_at, load_instruction_at_checked,
};

declare_id!("Sysv1111111111111111111111111111111111111111");

#[program]
pub mod sysvars {
    use super::*;

    #[allow(deprecated)]
    pub fn insecure_verify_previous(ctx: Context<InsecureVerify>) -> Result<()> {
        let data = ctx.accounts.instructions.try_borrow_data()?;
        let current = load_current_index(&data); // want "SOLANA_UNCHECKED_SYSVAR_ACCOUNT"
        let previous = load_instruction_at(current as usize - 1, &data) // want "SOLANA_UNCHECKED_SYSVAR_ACCOUNT"
            .map_err(|_| error!(SysvarError::Missing))?;
        require_keys_eq!(previous.program_id, ED25519_PROGRAM, SysvarError::Missing);
        Ok(())
    }

    pub fn secure_verify_previous(ctx: Context<SecureVerify>) -> Result<()> {
        let previous = load_instruction_at_checked(0, &ctx.accounts.instructions.to_account_info())?;
        require_keys_eq!(previous.program_id, ED25519_PROGRAM, SysvarError::Missing);
        Ok(())
    }

    pub fn secure_clock(ctx: Context<SecureClock>) -> Result<()> {
        msg!("slot {}", ctx.accounts.clock.slot);
        Ok(())
    }
}

pub const ED25519_PROGRAM: Pubkey = pubkey!("Ed25519SigVerify111111111111111111111111111");

#[derive(Accounts)]
pub struct InsecureVerify<'info> {
    /// CHECK: meant to be the instructions sysvar, but its address is not checked.
    pub instructions: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureVerify<'info> {
    /// CHECK: the address constraint pins the instructions sysvar.
    #[account(address = anchor_lang::solana_program::sysvar::instructions::ID)]
    pub instructions: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureClock<'info> {
    pub clock: Sysvar<'info, Clock>,
}

#[error_code]
pub enum SysvarError {
    Missing,
}
