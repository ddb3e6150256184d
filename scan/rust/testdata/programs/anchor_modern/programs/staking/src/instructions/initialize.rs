use anchor_lang::prelude::*;
use anchor_spl::token_interface::{Mint, TokenInterface};

use crate::{Pool, POOL_SEED};

#[derive(Accounts)]
pub struct Initialize<'info> {
    #[account(mut)]
    pub admin: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(init, payer = admin, space = Pool::DISCRIMINATOR.len() + Pool::INIT_SPACE, seeds = [POOL_SEED, mint.key().as_ref()], bump)]
    pub pool: Account<'info, Pool>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

pub fn handler(ctx: Context<Initialize>, reward_rate: u64) -> Result<()> {
    ctx.accounts.pool.set_inner(Pool {
        admin: ctx.accounts.admin.key(),
        mint: ctx.accounts.mint.key(),
        reward_rate,
        total_staked: 0,
        bump: ctx.bumps.pool,
    });
    Ok(())
}
