//! Missing owner check (Anchor): account data read by hand from an
//! AccountInfo whose owner is never compared with the expected program.
use anchor_lang::prelude::*;
use anchor_spl::token::spl_token;

declare_id!("Owner111111111111111111111111111111111111111");

#[program]
pub mod owner_check {
    use super::*;

    pub fn insecure_read_vault(ctx: Context<ReadVault>) -> Result<()> {
        let data = ctx.accounts.vault.try_borrow_data()?;
        let vault = Vault::try_deserialize(&mut &data[..])?; // want "SOLANA_MISSING_OWNER_CHECK"
        msg!("balance {}", vault.balance);
        Ok(())
    }

    pub fn insecure_token_balance(ctx: Context<ReadToken>) -> Result<()> {
        let token = spl_token::state::Account::unpack(&ctx.accounts.token.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK"
        msg!("amount {}", token.amount);
        Ok(())
    }

    pub fn insecure_read_remaining(ctx: Context<ReadTyped>) -> Result<()> {
        let extra = &ctx.remaining_accounts[0];
        let vault = Vault::try_deserialize(&mut &extra.try_borrow_data()?[..])?; // want "SOLANA_MISSING_OWNER_CHECK"
        msg!("balance {}", vault.balance);
        Ok(())
    }

    pub fn secure_read_remaining(ctx: Context<ReadTyped>) -> Result<()> {
        let extra = &ctx.remaining_accounts[0];
        require_keys_eq!(*extra.owner, crate::ID, OwnerError::WrongOwner);
        let vault = Vault::try_deserialize(&mut &extra.try_borrow_data()?[..])?;
        msg!("balance {}", vault.balance);
        Ok(())
    }

    pub fn secure_read_vault(ctx: Context<ReadVault>) -> Result<()> {
        require_keys_eq!(*ctx.accounts.vault.owner, crate::ID, OwnerError::WrongOwner);
        let data = ctx.accounts.vault.try_borrow_data()?;
        let vault = Vault::try_deserialize(&mut &data[..])?;
        msg!("balance {}", vault.balance);
        Ok(())
    }

    pub fn secure_read_vault_constraint(ctx: Context<ReadVaultOwned>) -> Result<()> {
        let data = ctx.accounts.vault.try_borrow_data()?;
        let vault = Vault::try_deserialize(&mut &data[..])?;
        msg!("balance {}", vault.balance);
        Ok(())
    }

    pub fn secure_token_balance(ctx: Context<ReadToken>) -> Result<()> {
        if ctx.accounts.token.owner != &spl_token::ID {
            return err!(OwnerError::WrongOwner);
        }
        let token = spl_token::state::Account::unpack(&ctx.accounts.token.data.borrow())?;
        msg!("amount {}", token.amount);
        Ok(())
    }

    pub fn secure_typed(ctx: Context<ReadTyped>) -> Result<()> {
        msg!("balance {}", ctx.accounts.vault.balance);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct ReadVault<'info> {
    /// CHECK: deserialized in the handler.
    pub vault: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct ReadVaultOwned<'info> {
    /// CHECK: the owner constraint pins the owning program.
    #[account(owner = crate::ID)]
    pub vault: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct ReadToken<'info> {
    /// CHECK: unpacked in the handler.
    pub token: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct ReadTyped<'info> {
    pub vault: Account<'info, Vault>,
}

#[account]
pub struct Vault {
    pub balance: u64,
}

#[error_code]
pub enum OwnerError {
    WrongOwner,
}
