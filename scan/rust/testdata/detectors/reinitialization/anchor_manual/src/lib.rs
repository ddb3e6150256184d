//! Reinitialization (Anchor handlers that initialize raw accounts by
//! hand): a boolean flag in the stored data tells a fresh account from a
//! live one.
use anchor_lang::prelude::*;
use borsh::{BorshDeserialize, BorshSerialize};

declare_id!("ReiM111111111111111111111111111111111111111");

#[program]
pub mod reinit_manual {
    use super::*;

    pub fn insecure_init_vault(ctx: Context<InitVault>) -> Result<()> {
        let mut vault = Vault::try_from_slice(&ctx.accounts.vault.data.borrow())?;
        vault.keeper = ctx.accounts.keeper.key();
        vault.serialize(&mut &mut ctx.accounts.vault.data.borrow_mut()[..])?; // want "SOLANA_REINITIALIZATION"
        Ok(())
    }

    pub fn secure_init_vault(ctx: Context<InitVault>) -> Result<()> {
        let mut vault = Vault::try_from_slice(&ctx.accounts.vault.data.borrow())?;
        if vault.ready {
            return err!(VaultError::AlreadySet);
        }
        vault.ready = true;
        vault.keeper = ctx.accounts.keeper.key();
        vault.serialize(&mut &mut ctx.accounts.vault.data.borrow_mut()[..])?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InitVault<'info> {
    /// CHECK: owned by the program (it writes the data).
    #[account(mut)]
    pub vault: AccountInfo<'info>,
    pub keeper: Signer<'info>,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Vault {
    pub ready: bool,
    pub keeper: Pubkey,
}

#[error_code]
pub enum VaultError {
    AlreadySet,
}
