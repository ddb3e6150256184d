//! Duplicate mutable accounts (Anchor before 1.0), by what tells two
//! accounts apart: nothing (even without mut, the handler writes both),
//! addresses both fixed by stored keys, or token accounts that change
//! only through the token program.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("DupR111111111111111111111111111111111111111");

#[program]
pub mod dup_roles {
    use super::*;

    pub fn insecure_swap_scores(ctx: Context<InsecureSwapScores>, a: u64, b: u64) -> Result<()> {
        let first = &mut ctx.accounts.first;
        first.score = a;
        let second = &mut ctx.accounts.second;
        second.score = b;
        Ok(())
    }

    pub fn secure_update_sides(ctx: Context<SecureUpdateSides>, a: u64, b: u64) -> Result<()> {
        ctx.accounts.left.score = a;
        ctx.accounts.right.score = b;
        Ok(())
    }

    pub fn secure_move_tokens(ctx: Context<SecureMoveTokens>, amount: u64) -> Result<()> {
        token::transfer(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.source.to_account_info(),
                    to: ctx.accounts.destination.to_account_info(),
                    authority: ctx.accounts.owner.to_account_info(),
                },
            ),
            amount,
        )
    }
}

#[derive(Accounts)]
pub struct InsecureSwapScores<'info> {
    pub first: Account<'info, Board>,
    pub second: Account<'info, Board>, // want "SOLANA_DUPLICATE_MUTABLE_ACCOUNTS"
}

#[derive(Accounts)]
pub struct SecureUpdateSides<'info> {
    #[account(has_one = left, has_one = right)]
    pub game: Account<'info, Game>,
    #[account(mut)]
    pub left: Account<'info, Board>,
    #[account(mut)]
    pub right: Account<'info, Board>,
}

#[derive(Accounts)]
pub struct SecureMoveTokens<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub source: Account<'info, TokenAccount>,
    #[account(mut)]
    pub destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[account]
pub struct Board {
    pub score: u64,
}

#[account]
pub struct Game {
    pub left: Pubkey,
    pub right: Pubkey,
}
