//! PDA sharing (Anchor): one PDA signs for every pool of a mint, so a user
//! of one pool can withdraw another pool's tokens.
use anchor_lang::prelude::*;
use anchor_lang::system_program;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Shar1111111111111111111111111111111111111111");

#[program]
pub mod pda_sharing {
    use super::*;

    pub fn insecure_withdraw(ctx: Context<InsecureWithdraw>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let seeds: &[&[u8]] = &[pool.mint.as_ref(), &[pool.bump]]; // want "SOLANA_PDA_SHARING"
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.withdraw_destination.to_account_info(),
                authority: ctx.accounts.pool.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.vault.amount)
    }

    pub fn secure_withdraw(ctx: Context<SecureWithdraw>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let seeds: &[&[u8]] = &[pool.withdraw_destination.as_ref(), &[pool.bump]];
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.withdraw_destination.to_account_info(),
                authority: ctx.accounts.pool.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.vault.amount)
    }

    // One PDA per (board, slot): it signs only as the authority over its own
    // data, written by the notice program.
    pub fn secure_post_notice(ctx: Context<PostNotice>, board: u16, slot: [u8; 32]) -> Result<()> {
        let seeds = &[&board.to_le_bytes(), slot.as_ref(), &[ctx.bumps.notice]];
        let signer = &[&seeds[..]];
        let accounts = WriteNotice {
            poster: ctx.accounts.poster.to_account_info(),
            notice: ctx.accounts.notice.to_account_info(),
            notice_authority: ctx.accounts.notice.to_account_info(),
        };
        notice_program::cpi::write_notice(
            CpiContext::new_with_signer(ctx.accounts.notice_program.key(), accounts, signer),
            slot,
        )
    }

    // The same PDA shape, but it is its own token authority and pays a
    // destination the caller names: still one vault for every poster.
    pub fn insecure_drain_notice(ctx: Context<DrainNotice>, board: u16, slot: [u8; 32]) -> Result<()> {
        let seeds = &[&board.to_le_bytes(), slot.as_ref(), &[ctx.bumps.notice]]; // want "SOLANA_PDA_SHARING"
        let signer = &[&seeds[..]];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.notice.to_account_info(),
                to: ctx.accounts.destination_account.to_account_info(),
                authority: ctx.accounts.notice.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.notice.amount)
    }

    // One protocol-wide treasury PDA; the payee is the one a signed ruling
    // names, checked before the handler runs.
    #[access_control(PayTreasury::checks(&ctx, &ruling))]
    pub fn secure_pay_treasury(ctx: Context<PayTreasury>, ruling: Ruling) -> Result<()> {
        system_program::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.key(),
                system_program::Transfer {
                    from: ctx.accounts.treasury.to_account_info(),
                    to: ctx.accounts.payee.to_account_info(),
                },
                &[&[TREASURY_SEED, &[ctx.bumps.treasury]]],
            ),
            ruling.lamports,
        )
    }

    // The same treasury, but any caller names the payee.
    pub fn insecure_pay_treasury(ctx: Context<PayTreasury>, lamports: u64) -> Result<()> {
        system_program::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.key(),
                system_program::Transfer {
                    from: ctx.accounts.treasury.to_account_info(),
                    to: ctx.accounts.payee.to_account_info(),
                },
                &[&[TREASURY_SEED, &[ctx.bumps.treasury]]], // want "SOLANA_PDA_SHARING"
            ),
            lamports,
        )
    }
}

pub const TREASURY_SEED: &[u8] = b"treasury";

#[derive(AnchorSerialize, AnchorDeserialize, Clone)]
pub struct Ruling {
    pub payee: Pubkey,
    pub lamports: u64,
}

#[derive(Accounts)]
pub struct PayTreasury<'info> {
    /// CHECK: a system account holding the protocol's lamports.
    #[account(mut, seeds = [TREASURY_SEED], bump)]
    pub treasury: UncheckedAccount<'info>,
    /// CHECK: receives lamports only.
    #[account(mut)]
    pub payee: UncheckedAccount<'info>,
    pub system_program: Program<'info, System>,
}

impl<'info> PayTreasury<'info> {
    fn checks(ctx: &Context<Self>, ruling: &Ruling) -> Result<()> {
        require_keys_eq!(ctx.accounts.payee.key(), ruling.payee);
        Ok(())
    }
}

#[derive(Accounts)]
#[instruction(board: u16, slot: [u8; 32])]
pub struct PostNotice<'info> {
    #[account(mut)]
    pub poster: Signer<'info>,
    /// CHECK: the notice program checks what it writes; the seeds are checked here.
    #[account(mut, seeds = [&board.to_le_bytes(), &slot], bump)]
    pub notice: UncheckedAccount<'info>,
    pub notice_program: Program<'info, NoticeProgram>,
}

#[derive(Accounts)]
#[instruction(board: u16, slot: [u8; 32])]
pub struct DrainNotice<'info> {
    #[account(mut, seeds = [&board.to_le_bytes(), &slot], bump)]
    pub notice: Account<'info, TokenAccount>,
    #[account(mut)]
    pub destination_account: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct InsecureWithdraw<'info> {
    #[account(has_one = vault, has_one = withdraw_destination, seeds = [pool.mint.as_ref()], bump = pool.bump)]
    pub pool: Account<'info, TokenPool>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub withdraw_destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct SecureWithdraw<'info> {
    #[account(
        has_one = vault,
        has_one = withdraw_destination,
        seeds = [pool.withdraw_destination.as_ref()],
        bump = pool.bump,
    )]
    pub pool: Account<'info, TokenPool>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub withdraw_destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[account]
pub struct TokenPool {
    pub vault: Pubkey,
    pub mint: Pubkey,
    pub withdraw_destination: Pubkey,
    pub bump: u8,
}
