//! PDA sharing (Anchor): one PDA signs for every pool of a mint, so a user
//! of one pool can withdraw another pool's tokens.
use anchor_lang::prelude::*;
use anchor_lang::system_program;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Shar1111111111111111111111111111111111111111");

#[program]
pub mod pda_sharing {
    use super::*;

    // Every pool of a mint shares one vault authority: a caller who opens a pool
    // naming another pool's vault and its own destination drains that vault.
    pub fn insecure_withdraw(ctx: Context<InsecureWithdraw>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let seeds: &[&[u8]] = &[b"authority", pool.mint.as_ref(), &[pool.bump]]; // want "SOLANA_PDA_SHARING"
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.withdraw_destination.to_account_info(),
                authority: ctx.accounts.vault_authority.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.vault.amount)
    }

    // The authority is derived from the destination: it can only pay that destination.
    pub fn secure_withdraw(ctx: Context<SecureWithdraw>) -> Result<()> {
        let pool = &ctx.accounts.pool;
        let seeds: &[&[u8]] = &[b"authority", pool.withdraw_destination.as_ref(), &[pool.bump]];
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.withdraw_destination.to_account_info(),
                authority: ctx.accounts.vault_authority.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.vault.amount)
    }

    // The authority is derived from the pool's own key: one authority per pool.
    pub fn secure_withdraw_per_pool(ctx: Context<InsecureWithdraw>) -> Result<()> {
        let pool_key = ctx.accounts.pool.key();
        let seeds: &[&[u8]] = &[b"authority", pool_key.as_ref(), &[ctx.accounts.pool.bump]];
        let signer = &[seeds];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.vault.to_account_info(),
                to: ctx.accounts.withdraw_destination.to_account_info(),
                authority: ctx.accounts.vault_authority.to_account_info(),
            },
            signer,
        );
        token::transfer(cpi, ctx.accounts.vault.amount)
    }

    // The shared authority pays out, but the caller swaps: it pays in first,
    // signing a transfer the program does not sign.
    pub fn secure_swap(ctx: Context<Swap>, amount: u64) -> Result<()> {
        token::transfer(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.user_in.to_account_info(),
                    to: ctx.accounts.pool_in.to_account_info(),
                    authority: ctx.accounts.user.to_account_info(),
                },
            ),
            amount,
        )?;
        let mint_key = ctx.accounts.pool_out.mint;
        let seeds: &[&[u8]] = &[b"authority", mint_key.as_ref()];
        token::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.pool_out.to_account_info(),
                    to: ctx.accounts.user_out.to_account_info(),
                    authority: ctx.accounts.vault_authority.to_account_info(),
                },
                &[seeds],
            ),
            amount,
        )
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

    // One protocol-wide treasury PDA; the payee is the one the protocol's
    // config (a singleton PDA) names, checked before the handler runs.
    #[access_control(PayTreasury::checks(&ctx))]
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

    // The same treasury, but any caller names the payee (comparing it with an
    // instruction argument binds it to nothing).
    pub fn insecure_pay_treasury(ctx: Context<PayTreasury>, lamports: u64, payee: Pubkey) -> Result<()> {
        require_keys_eq!(ctx.accounts.payee.key(), payee);
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
    #[account(seeds = [b"config"], bump)]
    pub config: Account<'info, Config>,
    pub system_program: Program<'info, System>,
}

impl<'info> PayTreasury<'info> {
    fn checks(ctx: &Context<Self>) -> Result<()> {
        require_keys_eq!(ctx.accounts.payee.key(), ctx.accounts.config.payee);
        Ok(())
    }
}

#[account]
pub struct Config {
    pub payee: Pubkey,
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
    #[account(has_one = vault, has_one = withdraw_destination)]
    pub pool: Account<'info, TokenPool>,
    /// CHECK: the PDA signing for the vaults of pool.mint.
    pub vault_authority: UncheckedAccount<'info>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub withdraw_destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct SecureWithdraw<'info> {
    #[account(has_one = vault, has_one = withdraw_destination)]
    pub pool: Account<'info, TokenPool>,
    /// CHECK: the PDA of the pool's withdraw destination.
    pub vault_authority: UncheckedAccount<'info>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub withdraw_destination: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct Swap<'info> {
    pub user: Signer<'info>,
    #[account(mut)]
    pub user_in: Account<'info, TokenAccount>,
    #[account(mut)]
    pub user_out: Account<'info, TokenAccount>,
    #[account(mut)]
    pub pool_in: Account<'info, TokenAccount>,
    #[account(mut)]
    pub pool_out: Account<'info, TokenAccount>,
    /// CHECK: the PDA signing for the pool vaults of a mint.
    pub vault_authority: UncheckedAccount<'info>,
    pub token_program: Program<'info, Token>,
}

#[account]
pub struct TokenPool {
    pub vault: Pubkey,
    pub mint: Pubkey,
    pub withdraw_destination: Pubkey,
    pub bump: u8,
}
