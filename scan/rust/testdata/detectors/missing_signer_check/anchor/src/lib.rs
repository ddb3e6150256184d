//! Missing signer check (Anchor): an authority account that is compared
//! with stored state but never required to sign.
use anchor_lang::prelude::*;

declare_id!("Sign1111111111111111111111111111111111111111");

#[program]
pub mod signer_check {
    use super::*;

    pub fn insecure_set_admin(ctx: Context<InsecureSetAdmin>, new_admin: Pubkey) -> Result<()> {
        ctx.accounts.config.admin = new_admin;
        Ok(())
    }

    pub fn insecure_withdraw(ctx: Context<InsecureWithdraw>, amount: u64) -> Result<()> {
        // Reading the flag is not checking it.
        msg!("authority signed: {}", ctx.accounts.authority.is_signer);
        let vault = &mut ctx.accounts.vault;
        vault.balance = vault.balance.checked_sub(amount).ok_or(SignerError::Insufficient)?;
        Ok(())
    }

    pub fn secure_set_admin(ctx: Context<SecureSetAdmin>, new_admin: Pubkey) -> Result<()> {
        ctx.accounts.config.admin = new_admin;
        Ok(())
    }

    pub fn secure_withdraw(ctx: Context<SecureWithdraw>, amount: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        vault.balance = vault.balance.checked_sub(amount).ok_or(SignerError::Insufficient)?;
        Ok(())
    }

    pub fn secure_withdraw_checked(ctx: Context<SecureWithdrawChecked>, amount: u64) -> Result<()> {
        if !ctx.accounts.authority.is_signer {
            return err!(SignerError::MissingSignature);
        }
        let vault = &mut ctx.accounts.vault;
        vault.balance = vault.balance.checked_sub(amount).ok_or(SignerError::Insufficient)?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureSetAdmin<'info> {
    #[account(mut, has_one = admin)]
    pub config: Account<'info, Config>,
    /// CHECK: matched by has_one, but nothing makes it sign.
    pub admin: AccountInfo<'info>, // want "SOLANA_MISSING_SIGNER_CHECK"
}

#[derive(Accounts)]
pub struct InsecureWithdraw<'info> {
    #[account(mut, has_one = authority)]
    pub vault: Account<'info, Vault>,
    /// CHECK: matched by has_one, but nothing makes it sign.
    pub authority: UncheckedAccount<'info>, // want "SOLANA_MISSING_SIGNER_CHECK"
    /// CHECK: a destination does not need to sign.
    #[account(mut)]
    pub recipient: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureSetAdmin<'info> {
    #[account(mut, has_one = admin)]
    pub config: Account<'info, Config>,
    pub admin: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureWithdraw<'info> {
    #[account(mut, has_one = authority)]
    pub vault: Account<'info, Vault>,
    /// CHECK: the signer constraint makes it sign.
    #[account(signer)]
    pub authority: AccountInfo<'info>,
    /// CHECK: a destination does not need to sign.
    #[account(mut)]
    pub recipient: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureWithdrawChecked<'info> {
    #[account(mut, has_one = authority)]
    pub vault: Account<'info, Vault>,
    /// CHECK: the handler returns an error unless it signed.
    pub authority: AccountInfo<'info>,
}

#[account]
pub struct Config {
    pub admin: Pubkey,
}

#[account]
pub struct Vault {
    pub authority: Pubkey,
    pub balance: u64,
}

#[error_code]
pub enum SignerError {
    Insufficient,
    MissingSignature,
}
