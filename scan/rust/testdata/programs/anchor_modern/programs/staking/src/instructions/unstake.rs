use anchor_lang::prelude::*;
use anchor_spl::token_interface::{transfer_checked, Mint, TokenAccount, TokenInterface, TransferChecked};

use crate::{error::StakingError, Pool, StakeEntry, POOL_SEED, STAKE_SEED};

#[derive(Accounts)]
pub struct Unstake<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, seeds = [POOL_SEED, mint.key().as_ref()], bump = pool.bump, has_one = mint)]
    pub pool: Account<'info, Pool>,
    #[account(mut, close = user, seeds = [STAKE_SEED, pool.key().as_ref(), user.key().as_ref()], bump = entry.bump, constraint = entry.owner == user.key())]
    pub entry: Account<'info, StakeEntry>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint, token::authority = pool)]
    pub pool_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

pub fn unstake_handler(ctx: Context<Unstake>) -> Result<()> {
    let amount = ctx.accounts.entry.amount;
    let mint_key = ctx.accounts.mint.key();
    let signer_seeds: &[&[&[u8]]] = &[&[POOL_SEED, mint_key.as_ref(), &[ctx.accounts.pool.bump]]];
    transfer_checked(
        CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            TransferChecked {
                from: ctx.accounts.pool_tokens.to_account_info(),
                mint: ctx.accounts.mint.to_account_info(),
                to: ctx.accounts.user_tokens.to_account_info(),
                authority: ctx.accounts.pool.to_account_info(),
            },
            signer_seeds,
        ),
        amount,
        ctx.accounts.mint.decimals,
    )?;
    let pool = &mut ctx.accounts.pool;
    pool.total_staked = pool.total_staked.checked_sub(amount).ok_or(StakingError::Overflow)?;
    Ok(())
}
