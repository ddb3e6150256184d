//! Account created without a rent-exempt balance (Anchor CPI to the system
//! program): the lamports must cover Rent::minimum_balance of the space.
use anchor_lang::prelude::*;
use anchor_lang::system_program::{self, CreateAccount};

declare_id!("Rent111111111111111111111111111111111111111");

pub const SPACE: u64 = 128;

#[program]
pub mod records {
    use super::*;

    pub fn insecure_open(ctx: Context<Open>, lamports: u64) -> Result<()> {
        system_program::create_account( // want "SOLANA_MISSING_RENT_EXEMPTION"
            CpiContext::new(
                ctx.accounts.system_program.to_account_info(),
                CreateAccount {
                    from: ctx.accounts.payer.to_account_info(),
                    to: ctx.accounts.record.to_account_info(),
                },
            ),
            lamports,
            SPACE,
            &crate::ID,
        )
    }

    pub fn secure_open(ctx: Context<Open>) -> Result<()> {
        let cpi = CpiContext::new(
            ctx.accounts.system_program.to_account_info(),
            CreateAccount {
                from: ctx.accounts.payer.to_account_info(),
                to: ctx.accounts.record.to_account_info(),
            },
        );
        system_program::create_account(cpi, Rent::get()?.minimum_balance(SPACE as usize), SPACE, &crate::ID)
    }
}

#[derive(Accounts)]
pub struct Open<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    #[account(mut)]
    pub record: Signer<'info>,
    pub system_program: Program<'info, System>,
}
