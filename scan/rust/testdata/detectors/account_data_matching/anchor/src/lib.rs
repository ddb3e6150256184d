//! Account data matching (Anchor): accounts whose stored relations (a
//! pool's vault, a token account's authority) are never compared with the
//! accounts actually passed.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Match111111111111111111111111111111111111111");

#[program]
pub mod data_matching {
    use super::*;

    pub fn insecure_withdraw(ctx: Context<InsecureWithdraw>, amount: u64) -> Result<()> {
        let seeds: &[&[u8]] = &[b"pool", &[ctx.accounts.pool.bump]];
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.destination.to_account_info(),
                authority: ctx.accounts.pool.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, amount)
    }

    pub fn insecure_report(ctx: Context<InsecureReport>) -> Result<()> {
        msg!("{} holds {}", ctx.accounts.owner.key(), ctx.accounts.user_token.amount);
        Ok(())
    }

    pub fn secure_withdraw(ctx: Context<SecureWithdraw>, amount: u64) -> Result<()> {
        let seeds: &[&[u8]] = &[b"pool", &[ctx.accounts.pool.bump]];
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.destination.to_account_info(),
                authority: ctx.accounts.pool.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, amount)
    }

    pub fn secure_report(ctx: Context<SecureReport>) -> Result<()> {
        msg!("{} holds {}", ctx.accounts.owner.key(), ctx.accounts.user_token.amount);
        Ok(())
    }

    pub fn secure_report_constraint(ctx: Context<SecureReportConstraint>) -> Result<()> {
        msg!("{} holds {}", ctx.accounts.owner.key(), ctx.accounts.user_token.amount);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureWithdraw<'info> {
    #[account(seeds = [b"pool"], bump = pool.bump)]
    pub pool: Account<'info, Pool>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
    pub authority: Signer<'info>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct InsecureReport<'info> {
    pub owner: Signer<'info>,
    pub user_token: Account<'info, TokenAccount>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[derive(Accounts)]
pub struct SecureWithdraw<'info> {
    #[account(seeds = [b"pool"], bump = pool.bump, has_one = vault, has_one = authority)]
    pub pool: Account<'info, Pool>,
    pub authority: Signer<'info>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct SecureReport<'info> {
    pub owner: Signer<'info>,
    #[account(token::authority = owner)]
    pub user_token: Account<'info, TokenAccount>,
}

#[derive(Accounts)]
pub struct SecureReportConstraint<'info> {
    pub owner: Signer<'info>,
    #[account(constraint = user_token.owner == owner.key() @ MatchError::WrongOwner)]
    pub user_token: Account<'info, TokenAccount>,
}

#[account]
pub struct Pool {
    pub authority: Pubkey,
    pub vault: Pubkey,
    pub bump: u8,
}

#[error_code]
pub enum MatchError {
    WrongOwner,
}
