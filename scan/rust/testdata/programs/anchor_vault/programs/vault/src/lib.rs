//! A vault that holds lamports and SPL tokens for one authority.
//!
//! Written for Vigil's parser tests: it uses the Anchor constructs real
//! programs use (PDAs, CPI with signer seeds, token interface accounts,
//! zero-copy accounts, events, errors, access control).
#![allow(unexpected_cfgs)]
#![cfg_attr(not(feature = "std"), allow(clippy::result_large_err))]

use anchor_lang::prelude::*;
use anchor_lang::solana_program::{program::invoke_signed, system_instruction};
use anchor_lang::system_program::{self, Transfer};
use anchor_spl::token_interface::{
    self, Mint, TokenAccount, TokenInterface, TransferChecked,
};

pub mod state;

use crate::state::*;

declare_id!("Vau1t11111111111111111111111111111111111111");

pub const VAULT_SEED: &[u8] = b"vault";
const MAX_DEPOSIT: u64 = 1_000_000_000 * 10u64.pow(9);

#[program]
pub mod vault {
    use super::*;

    /// Creates the vault state for the signing authority.
    pub fn initialize(ctx: Context<Initialize>, fee_bps: u16) -> Result<()> {
        require!(fee_bps <= 10_000, VaultError::FeeTooHigh);
        let vault = &mut ctx.accounts.vault;
        vault.authority = ctx.accounts.authority.key();
        vault.bump = ctx.bumps.vault;
        vault.fee_bps = fee_bps;
        vault.total = 0;
        emit!(VaultCreated {
            authority: vault.authority,
            fee_bps,
        });
        Ok(())
    }

    #[access_control(not_paused(&ctx.accounts.vault))]
    pub fn deposit(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        require_gt!(amount, 0, VaultError::ZeroAmount);
        let cpi = CpiContext::new(
            ctx.accounts.system_program.to_account_info(),
            Transfer {
                from: ctx.accounts.depositor.to_account_info(),
                to: ctx.accounts.vault.to_account_info(),
            },
        );
        system_program::transfer(cpi, amount)?;
        let vault = &mut ctx.accounts.vault;
        vault.total = vault
            .total
            .checked_add(amount)
            .ok_or(VaultError::Overflow)?;
        Ok(())
    }

    pub fn withdraw<'info>(ctx: Context<'_, '_, '_, 'info, Withdraw<'info>>, amount: u64) -> Result<()> {
        let vault = &ctx.accounts.vault;
        let fee = (amount as u128 * vault.fee_bps as u128 / 10_000) as u64;
        let seeds: &[&[u8]] = &[VAULT_SEED, vault.authority.as_ref(), &[vault.bump]];
        let signer_seeds = &[seeds];
        let ix = system_instruction::transfer(&vault.key(), &ctx.accounts.recipient.key(), amount - fee);
        invoke_signed(
            &ix,
            &[
                ctx.accounts.vault.to_account_info(),
                ctx.accounts.recipient.to_account_info(),
            ],
            signer_seeds,
        )?;
        for acc in ctx.remaining_accounts.iter() {
            msg!("remaining: {}", acc.key);
        }
        Ok(())
    }

    pub fn deposit_tokens(ctx: Context<DepositTokens>, amount: u64) -> Result<()> {
        let decimals = ctx.accounts.mint.decimals;
        let accounts = TransferChecked {
            from: ctx.accounts.from.to_account_info(),
            mint: ctx.accounts.mint.to_account_info(),
            to: ctx.accounts.vault_tokens.to_account_info(),
            authority: ctx.accounts.depositor.to_account_info(),
        };
        let bump = ctx.accounts.vault.bump;
        let authority = ctx.accounts.vault.authority;
        let signer: &[&[&[u8]]] = &[&[VAULT_SEED, authority.as_ref(), &[bump]]];
        let cpi_ctx = CpiContext::new_with_signer(ctx.accounts.token_program.to_account_info(), accounts, signer);
        token_interface::transfer_checked(cpi_ctx, amount, decimals)
    }

    pub fn record(ctx: Context<Record>, slot: u64) -> Result<()> {
        let mut log = ctx.accounts.log.load_mut()?;
        let i = (log.head as usize) % log.entries.len();
        log.entries[i] = Entry { slot, amount: 0 };
        log.head = log.head.wrapping_add(1);
        Ok(())
    }

    pub fn close_vault(_ctx: Context<CloseVault>) -> Result<()> {
        Ok(())
    }
}

fn not_paused(vault: &Account<VaultState>) -> Result<()> {
    if vault.paused {
        return err!(VaultError::Paused);
    }
    Ok(())
}

#[derive(Accounts)]
#[instruction(fee_bps: u16)]
pub struct Initialize<'info> {
    #[account(
        init,
        payer = authority,
        space = 8 + VaultState::INIT_SPACE,
        seeds = [VAULT_SEED, authority.key().as_ref()],
        bump
    )]
    pub vault: Account<'info, VaultState>,
    #[account(mut)]
    pub authority: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct Deposit<'info> {
    #[account(
        mut,
        seeds = [VAULT_SEED, vault.authority.as_ref()],
        bump = vault.bump,
    )]
    pub vault: Account<'info, VaultState>,
    #[account(mut)]
    pub depositor: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    #[account(mut, has_one = authority @ VaultError::Unauthorized, seeds = [VAULT_SEED, authority.key().as_ref()], bump = vault.bump)]
    pub vault: Account<'info, VaultState>,
    pub authority: Signer<'info>,
    /// CHECK: any account may receive lamports.
    #[account(mut)]
    pub recipient: UncheckedAccount<'info>,
    #[account(address = sysvar::clock::ID)]
    pub clock: Sysvar<'info, Clock>,
}

#[derive(Accounts)]
pub struct DepositTokens<'info> {
    #[account(has_one = authority)]
    pub vault: Box<Account<'info, VaultState>>,
    /// CHECK: only used as a has_one target
    pub authority: AccountInfo<'info>,
    #[account(mut)]
    pub depositor: Signer<'info>,
    #[account(mint::token_program = token_program)]
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(
        mut,
        token::mint = mint,
        token::authority = depositor,
        token::token_program = token_program,
    )]
    pub from: InterfaceAccount<'info, TokenAccount>,
    #[account(
        init_if_needed,
        payer = depositor,
        associated_token::mint = mint,
        associated_token::authority = vault,
        associated_token::token_program = token_program,
    )]
    pub vault_tokens: Box<InterfaceAccount<'info, TokenAccount>>,
    pub token_program: Interface<'info, TokenInterface>,
    pub associated_token_program: Program<'info, anchor_spl::associated_token::AssociatedToken>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct Record<'info> {
    #[account(mut, constraint = log.load()?.authority == signer.key() @ VaultError::Unauthorized)]
    pub log: AccountLoader<'info, EntryLog>,
    pub signer: Signer<'info>,
    pub rent: Sysvar<'info, Rent>,
}

#[derive(Accounts)]
pub struct CloseVault<'info> {
    #[account(mut, close = authority, has_one = authority)]
    pub vault: Account<'info, VaultState>,
    #[account(mut)]
    pub authority: Signer<'info>,
    #[account(
        mut,
        realloc = 8 + 64,
        realloc::payer = authority,
        realloc::zero = false,
    )]
    pub scratch: Option<Account<'info, VaultState>>,
    pub system_account: SystemAccount<'info>,
}

#[event]
pub struct VaultCreated {
    pub authority: Pubkey,
    pub fee_bps: u16,
}

#[error_code]
pub enum VaultError {
    #[msg("fee above 100%")]
    FeeTooHigh,
    #[msg("amount must be positive")]
    ZeroAmount,
    Overflow,
    Unauthorized,
    Paused = 6100,
}
