//! Insecure account closing (manual closes in Anchor programs): data
//! zeroed byte by byte is closed; data marked with a "closed" tag is closed
//! only if the program can defund accounts that bear the tag, which a
//! revived account otherwise keeps.
use anchor_lang::prelude::*;
use std::io::Write;

declare_id!("CloR111111111111111111111111111111111111111");

pub const RETIRED: [u8; 8] = [255; 8];
pub const SHELVED: [u8; 8] = [254; 8];

#[program]
pub mod closing_roles {
    use super::*;

    pub fn secure_wipe(ctx: Context<Wipe>) -> Result<()> {
        let info = ctx.accounts.ticket.to_account_info();
        let refund = info.lamports();
        **ctx.accounts.receiver.lamports.borrow_mut() += refund;
        **info.lamports.borrow_mut() = 0;
        let mut data = info.try_borrow_mut_data()?;
        for byte in data.iter_mut() {
            *byte = 0;
        }
        Ok(())
    }

    pub fn insecure_shelve(ctx: Context<Wipe>) -> Result<()> {
        let info = ctx.accounts.ticket.to_account_info();
        let refund = info.lamports();
        **ctx.accounts.receiver.lamports.borrow_mut() += refund;
        **info.lamports.borrow_mut() = 0; // want "SOLANA_INSECURE_ACCOUNT_CLOSING"
        let mut data = info.try_borrow_mut_data()?;
        let mut cursor = std::io::Cursor::new(&mut data[..]);
        cursor.write_all(&SHELVED).map_err(|_| error!(CloseError::Write))?;
        Ok(())
    }

    pub fn secure_retire(ctx: Context<Wipe>) -> Result<()> {
        let info = ctx.accounts.ticket.to_account_info();
        let refund = info.lamports();
        **ctx.accounts.receiver.lamports.borrow_mut() += refund;
        **info.lamports.borrow_mut() = 0;
        let mut data = info.try_borrow_mut_data()?;
        let mut cursor = std::io::Cursor::new(&mut data[..]);
        cursor.write_all(&RETIRED).map_err(|_| error!(CloseError::Write))?;
        Ok(())
    }

    pub fn secure_sweep_retired(ctx: Context<Sweep>) -> Result<()> {
        let info = &ctx.accounts.ticket;
        let tag: [u8; 8] = info.try_borrow_data()?[..8].try_into().unwrap();
        if tag != RETIRED {
            return err!(CloseError::Live);
        }
        let refund = info.lamports();
        **ctx.accounts.receiver.lamports.borrow_mut() += refund;
        **info.lamports.borrow_mut() = 0;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Wipe<'info> {
    #[account(mut)]
    pub ticket: Account<'info, Ticket>,
    /// CHECK: receives the lamports.
    #[account(mut)]
    pub receiver: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct Sweep<'info> {
    /// CHECK: any account marked retired.
    #[account(mut)]
    pub ticket: AccountInfo<'info>,
    /// CHECK: receives the lamports.
    #[account(mut)]
    pub receiver: AccountInfo<'info>,
}

#[account]
pub struct Ticket {
    pub holder: Pubkey,
}

#[error_code]
pub enum CloseError {
    Write,
    Live,
}
