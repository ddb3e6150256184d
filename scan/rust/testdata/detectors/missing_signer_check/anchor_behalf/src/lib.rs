//! Missing signer check (Anchor), issue 28 class 6: permissionless by design. Anyone may
//! crank a matured position on its owner's behalf when what it moves goes only to accounts
//! bound to that owner (a token account it owns, the position closed into it): the owner need
//! not sign. When the caller names where the value goes, the owner must sign.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Behf111111111111111111111111111111111111111");

#[program]
pub mod behalf {
    use super::*;

    pub fn secure_claim_for(ctx: Context<ClaimFor>) -> Result<()> {
        let amount = ctx.accounts.position.amount;
        ctx.accounts.position.amount = 0;
        token::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.vault.to_account_info(),
                    to: ctx.accounts.owner_token.to_account_info(),
                    authority: ctx.accounts.vault.to_account_info(),
                },
                &[&[b"vault", &[ctx.bumps.vault]]],
            ),
            amount,
        )
    }

    // The owner's own withdrawal: it signs (what makes position.owner an identity).
    pub fn secure_withdraw(ctx: Context<Withdraw>, amount: u64) -> Result<()> {
        ctx.accounts.position.amount = ctx.accounts.position.amount.checked_sub(amount).ok_or(ProgramError::InsufficientFunds)?;
        Ok(())
    }

    pub fn insecure_claim_to(ctx: Context<ClaimTo>) -> Result<()> {
        let amount = ctx.accounts.position.amount;
        ctx.accounts.position.amount = 0;
        token::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.vault.to_account_info(),
                    to: ctx.accounts.destination.to_account_info(),
                    authority: ctx.accounts.vault.to_account_info(),
                },
                &[&[b"vault", &[ctx.bumps.vault]]],
            ),
            amount,
        )
    }
}

#[derive(Accounts)]
pub struct ClaimFor<'info> {
    /// CHECK: the position's owner: it only receives.
    pub owner: UncheckedAccount<'info>,
    #[account(mut, has_one = owner, close = owner)]
    pub position: Account<'info, Position>,
    #[account(mut, token::authority = owner)]
    pub owner_token: Account<'info, TokenAccount>,
    #[account(mut, seeds = [b"vault"], bump)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    pub owner: Signer<'info>,
    #[account(mut, has_one = owner)]
    pub position: Account<'info, Position>,
}

#[derive(Accounts)]
pub struct ClaimTo<'info> {
    /// CHECK: the position's owner, never made to sign.
    pub owner: UncheckedAccount<'info>, // want "SOLANA_MISSING_SIGNER_CHECK"
    #[account(mut, has_one = owner)]
    pub position: Account<'info, Position>,
    #[account(mut)]
    pub destination: Account<'info, TokenAccount>,
    #[account(mut, seeds = [b"vault"], bump)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[account]
pub struct Position {
    pub owner: Pubkey,
    pub amount: u64,
}
