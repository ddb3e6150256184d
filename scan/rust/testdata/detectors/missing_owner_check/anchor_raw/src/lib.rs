//! Missing owner check (Anchor handler given a raw AccountInfo it unpacks
//! by hand): the owner field of an unpacked token account is the wallet
//! that holds the tokens, not the program that owns the account.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::program_pack::Pack;
use spl_token::state::Account as RawTokenAccount;

declare_id!("Raw11111111111111111111111111111111111111111");

#[program]
pub mod owner_raw {
    use super::*;

    pub fn insecure_balance(ctx: Context<Balance>) -> Result<()> {
        let holding = RawTokenAccount::unpack(&ctx.accounts.holding.data.borrow())?; // want "SOLANA_MISSING_OWNER_CHECK"
        if holding.owner != ctx.accounts.holder.key() {
            return err!(RawError::WrongHolder);
        }
        msg!("balance {}", holding.amount);
        Ok(())
    }

    pub fn secure_balance(ctx: Context<Balance>) -> Result<()> {
        if ctx.accounts.holding.owner != &spl_token::ID {
            return err!(RawError::WrongProgram);
        }
        let holding = RawTokenAccount::unpack(&ctx.accounts.holding.data.borrow())?;
        if holding.owner != ctx.accounts.holder.key() {
            return err!(RawError::WrongHolder);
        }
        msg!("balance {}", holding.amount);
        Ok(())
    }

    pub fn secure_balance_helper(ctx: Context<Balance>) -> Result<()> {
        owned_by_token_program(&ctx.accounts.holding)?;
        let holding = RawTokenAccount::unpack(&ctx.accounts.holding.data.borrow())?;
        if holding.owner != ctx.accounts.holder.key() {
            return err!(RawError::WrongHolder);
        }
        msg!("balance {}", holding.amount);
        Ok(())
    }
}

fn owned_by_token_program(info: &AccountInfo) -> Result<()> {
    require_keys_eq!(*info.owner, spl_token::ID, RawError::WrongProgram);
    Ok(())
}

#[derive(Accounts)]
pub struct Balance<'info> {
    /// CHECK: unpacked by hand.
    pub holding: AccountInfo<'info>,
    pub holder: Signer<'info>,
}

#[error_code]
pub enum RawError {
    WrongHolder,
    WrongProgram,
}
