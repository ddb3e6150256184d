//! Division before multiplication (Anchor): integer division truncates
//! before the product, losing precision (often to zero).
use anchor_lang::prelude::*;

declare_id!("DivM1111111111111111111111111111111111111111");

#[program]
pub mod div_mul {
    use super::*;

    pub fn insecure_claim(ctx: Context<Claim>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let staker = &mut ctx.accounts.staker;
        let reward = staker.stake / pool.total_stake * pool.rewards; // want "SOLANA_DIVISION_BEFORE_MULTIPLICATION"
        staker.pending = staker.pending.checked_add(reward).ok_or(DivError::Math)?;
        Ok(())
    }

    pub fn insecure_claim_checked(ctx: Context<Claim>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let staker = &mut ctx.accounts.staker;
        let reward = staker
            .stake
            .checked_div(pool.total_stake)
            .and_then(|share| share.checked_mul(pool.rewards)) // want "SOLANA_DIVISION_BEFORE_MULTIPLICATION"
            .ok_or(DivError::Math)?;
        staker.pending = staker.pending.checked_add(reward).ok_or(DivError::Math)?;
        Ok(())
    }

    pub fn secure_claim(ctx: Context<Claim>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let staker = &mut ctx.accounts.staker;
        let reward = (staker.stake as u128)
            .checked_mul(pool.rewards as u128)
            .and_then(|v| v.checked_div(pool.total_stake as u128))
            .ok_or(DivError::Math)? as u64;
        staker.pending = staker.pending.checked_add(reward).ok_or(DivError::Math)?;
        Ok(())
    }

    pub fn secure_claim_ops(ctx: Context<Claim>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let staker = &mut ctx.accounts.staker;
        let reward = (staker.stake as u128 * pool.rewards as u128 / pool.total_stake as u128) as u64;
        staker.pending = staker.pending.checked_add(reward).ok_or(DivError::Math)?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Claim<'info> {
    pub pool: Account<'info, Pool>,
    #[account(mut, has_one = owner)]
    pub staker: Account<'info, Staker>,
    pub owner: Signer<'info>,
}

#[account]
pub struct Pool {
    pub total_stake: u64,
    pub rewards: u64,
}

#[account]
pub struct Staker {
    pub owner: Pubkey,
    pub stake: u64,
    pub pending: u64,
}

#[error_code]
pub enum DivError {
    Math,
}
