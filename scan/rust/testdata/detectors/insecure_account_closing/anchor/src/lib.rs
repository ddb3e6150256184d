//! Insecure account closing (Anchor): lamports drained by hand while the
//! data and discriminator stay, so the account can be revived in the same
//! transaction.
use anchor_lang::prelude::*;

declare_id!("Clos1111111111111111111111111111111111111111");

#[program]
pub mod closing {
    use super::*;

    pub fn insecure_close(ctx: Context<InsecureClose>) -> Result<()> {
        let account = ctx.accounts.ticket.to_account_info();
        let dest_starting = ctx.accounts.destination.lamports();
        **ctx.accounts.destination.lamports.borrow_mut() = dest_starting.checked_add(account.lamports()).unwrap_or(dest_starting);
        **account.lamports.borrow_mut() = 0; // want "SOLANA_INSECURE_ACCOUNT_CLOSING"
        Ok(())
    }

    pub fn secure_close(_ctx: Context<SecureClose>) -> Result<()> {
        Ok(())
    }

    pub fn secure_manual_close(ctx: Context<InsecureClose>) -> Result<()> {
        let account = ctx.accounts.ticket.to_account_info();
        let dest_starting = ctx.accounts.destination.lamports();
        **ctx.accounts.destination.lamports.borrow_mut() = dest_starting.checked_add(account.lamports()).unwrap_or(dest_starting);
        **account.lamports.borrow_mut() = 0;
        account.assign(&system_program::ID);
        account.realloc(0, false)?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureClose<'info> {
    #[account(mut, has_one = owner)]
    pub ticket: Account<'info, Ticket>,
    pub owner: Signer<'info>,
    /// CHECK: receives the rent.
    #[account(mut)]
    pub destination: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureClose<'info> {
    #[account(mut, has_one = owner, close = destination)]
    pub ticket: Account<'info, Ticket>,
    pub owner: Signer<'info>,
    /// CHECK: receives the rent.
    #[account(mut)]
    pub destination: AccountInfo<'info>,
}

#[account]
pub struct Ticket {
    pub owner: Pubkey,
    pub prize: u64,
}
