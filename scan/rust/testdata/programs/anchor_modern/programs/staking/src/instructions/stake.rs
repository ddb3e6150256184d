use anchor_lang::prelude::*;
use anchor_spl::token_interface::{transfer_checked, Mint, TokenAccount, TokenInterface, TransferChecked};

use crate::{error::StakingError, Pool, StakeEntry, POOL_SEED, STAKE_SEED};

#[derive(Accounts)]
pub struct Stake<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, seeds = [POOL_SEED, mint.key().as_ref()], bump = pool.bump, has_one = mint)]
    pub pool: Account<'info, Pool>,
    #[account(
        init_if_needed,
        payer = user,
        space = StakeEntry::DISCRIMINATOR.len() + StakeEntry::INIT_SPACE,
        seeds = [STAKE_SEED, pool.key().as_ref(), user.key().as_ref()],
        bump,
    )]
    pub entry: Account<'info, StakeEntry>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint, token::authority = pool)]
    pub pool_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

impl<'info> Stake<'info> {
    pub fn stake(&mut self, amount: u64, bumps: &StakeBumps) -> Result<()> {
        require!(amount > 0, StakingError::ZeroAmount);
        if self.entry.owner == Pubkey::default() {
            self.entry.owner = self.user.key();
            self.entry.bump = bumps.entry;
        }
        transfer_checked(
            CpiContext::new(
                self.token_program.to_account_info(),
                TransferChecked {
                    from: self.user_tokens.to_account_info(),
                    mint: self.mint.to_account_info(),
                    to: self.pool_tokens.to_account_info(),
                    authority: self.user.to_account_info(),
                },
            ),
            amount,
            self.mint.decimals,
        )?;
        self.entry.amount = self.entry.amount.checked_add(amount).ok_or(StakingError::Overflow)?;
        self.pool.total_staked = self.pool.total_staked.checked_add(amount).ok_or(StakingError::Overflow)?;
        Ok(())
    }
}
