//! PDA sharing (Anchor), by what the signer seeds tie the PDA to: only a
//! mint (shared by every escrow of that mint), the escrow's own key, or the
//! PDA's own creation (no outflow).
use anchor_lang::prelude::*;
use anchor_lang::system_program::{self, CreateAccount, System};
use anchor_spl::token::{self, Mint, Token, TokenAccount, Transfer};

declare_id!("PdaR111111111111111111111111111111111111111");

#[program]
pub mod pda_roles {
    use super::*;

    pub fn insecure_drain(ctx: Context<Drain>) -> Result<()> {
        let bump = [ctx.accounts.escrow.bump];
        let seeds: &[&[u8]] = &[b"escrow", ctx.accounts.escrow.mint.as_ref(), &bump]; // want "SOLANA_PDA_SHARING"
        let amount = ctx.accounts.vault.amount;
        token::transfer(ctx.accounts.payout().with_signer(&[seeds]), amount)
    }

    pub fn secure_drain(ctx: Context<Drain>) -> Result<()> {
        let bump = [ctx.accounts.escrow.bump];
        let key = ctx.accounts.escrow.key();
        let seeds: &[&[u8]] = &[b"escrow", key.as_ref(), &bump];
        let amount = ctx.accounts.vault.amount;
        token::transfer(ctx.accounts.payout().with_signer(&[seeds]), amount)
    }

    pub fn secure_open(ctx: Context<Open>, bump: u8) -> Result<()> {
        let seeds: &[&[u8]] = &[b"ledger", &[bump]];
        system_program::create_account(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.to_account_info(),
                CreateAccount { from: ctx.accounts.payer.to_account_info(), to: ctx.accounts.ledger.to_account_info() },
                &[seeds],
            ),
            1_000_000,
            64,
            ctx.program_id,
        )
    }
}

#[derive(Accounts)]
pub struct Drain<'info> {
    #[account(has_one = vault, has_one = recipient)]
    pub escrow: Account<'info, Escrow>,
    /// CHECK: the PDA signing for escrow vaults.
    pub escrow_authority: UncheckedAccount<'info>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub recipient: Account<'info, TokenAccount>,
    pub mint: Account<'info, Mint>,
    pub token_program: Program<'info, Token>,
}

impl<'info> Drain<'info> {
    pub fn payout(&self) -> CpiContext<'_, '_, '_, 'info, Transfer<'info>> {
        CpiContext::new(
            self.token_program.to_account_info(),
            Transfer {
                from: self.vault.to_account_info(),
                to: self.recipient.to_account_info(),
                authority: self.escrow_authority.to_account_info(),
            },
        )
    }
}

#[derive(Accounts)]
pub struct Open<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    /// CHECK: created here as the program's PDA.
    #[account(mut)]
    pub ledger: UncheckedAccount<'info>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Escrow {
    pub mint: Pubkey,
    pub vault: Pubkey,
    pub recipient: Pubkey,
    pub bump: u8,
}
