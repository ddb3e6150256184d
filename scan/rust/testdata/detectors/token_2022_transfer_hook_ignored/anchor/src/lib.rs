//! Token-2022 transfer hooks (Anchor): a mint with the TransferHook
//! extension can only move when the hook program and its extra accounts
//! come with the transfer. Anchor's transfer_checked passes the four base
//! accounts, so a vault of such a mint can take deposits (while no hook is
//! set) and refuse every withdrawal once the hook authority sets one.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token};
use anchor_spl::token_interface::{self, Mint, TokenAccount, TokenInterface, TransferChecked};

declare_id!("T22hook1111111111111111111111111111111111111");

pub const USDC: Pubkey = pubkey!("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");

#[program]
pub mod vault {
    use super::*;

    // The vault pays out with the base accounts only.
    pub fn insecure_withdraw(ctx: Context<Move>, amount: u64) -> Result<()> {
        let bump = ctx.accounts.vault_authority.bump;
        let seeds: &[&[u8]] = &[b"authority", &[bump]];
        token_interface::transfer_checked( // want "SOLANA_TOKEN_2022_TRANSFER_HOOK_IGNORED"
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.vault_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.user_tokens.to_account_info(),
                    authority: ctx.accounts.vault_authority.to_account_info(),
                },
                &[seeds],
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }

    // The payout goes through a helper, which is where it is reported.
    pub fn insecure_withdraw_helper(ctx: Context<Move>, amount: u64) -> Result<()> {
        pay_out(&ctx, amount)
    }

    // A user's deposit: with a hook mint it fails before anything moves,
    // and the user keeps the tokens.
    pub fn secure_deposit(ctx: Context<Move>, amount: u64) -> Result<()> {
        token_interface::transfer_checked(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.user_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.vault_tokens.to_account_info(),
                    authority: ctx.accounts.user.to_account_info(),
                },
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }

    // The caller's remaining accounts (the hook program, its validation
    // account and what that lists) travel with the transfer.
    pub fn secure_withdraw_forwarded(ctx: Context<Move>, amount: u64) -> Result<()> {
        let bump = ctx.accounts.vault_authority.bump;
        let seeds: &[&[u8]] = &[b"authority", &[bump]];
        let cpi = CpiContext::new_with_signer(
            ctx.accounts.token_program.to_account_info(),
            TransferChecked {
                from: ctx.accounts.vault_tokens.to_account_info(),
                mint: ctx.accounts.mint.to_account_info(),
                to: ctx.accounts.user_tokens.to_account_info(),
                authority: ctx.accounts.vault_authority.to_account_info(),
            },
            &[seeds],
        )
        .with_remaining_accounts(ctx.remaining_accounts.to_vec());
        token_interface::transfer_checked(cpi, amount, ctx.accounts.mint.decimals)
    }

    // The mint is a known one, created without a hook.
    pub fn secure_withdraw_usdc(ctx: Context<MoveUsdc>, amount: u64) -> Result<()> {
        let bump = ctx.accounts.vault_authority.bump;
        let seeds: &[&[u8]] = &[b"authority", &[bump]];
        token_interface::transfer_checked(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.vault_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.user_tokens.to_account_info(),
                    authority: ctx.accounts.vault_authority.to_account_info(),
                },
                &[seeds],
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }

    // The receipt mint is a PDA of this program: the program created it,
    // without a hook.
    pub fn secure_pay_receipt(ctx: Context<PayReceipt>, amount: u64) -> Result<()> {
        let seeds: &[&[u8]] = &[b"authority", &[ctx.accounts.vault_authority.bump]];
        token_interface::transfer_checked(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.vault_receipts.to_account_info(),
                    mint: ctx.accounts.receipt_mint.to_account_info(),
                    to: ctx.accounts.user_receipts.to_account_info(),
                    authority: ctx.accounts.vault_authority.to_account_info(),
                },
                &[seeds],
            ),
            amount,
            ctx.accounts.receipt_mint.decimals,
        )
    }

    // The legacy token program holds no Token-2022 mints.
    pub fn secure_withdraw_legacy(ctx: Context<MoveLegacy>, amount: u64) -> Result<()> {
        token::transfer_checked(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                token::TransferChecked {
                    from: ctx.accounts.user_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.vault_tokens.to_account_info(),
                    authority: ctx.accounts.user.to_account_info(),
                },
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }
}

fn pay_out(ctx: &Context<Move>, amount: u64) -> Result<()> {
    let cpi = CpiContext::new(
        ctx.accounts.token_program.to_account_info(),
        TransferChecked {
            from: ctx.accounts.vault_tokens.to_account_info(),
            mint: ctx.accounts.mint.to_account_info(),
            to: ctx.accounts.user_tokens.to_account_info(),
            authority: ctx.accounts.vault_authority.to_account_info(),
        },
    );
    let seeds: &[&[u8]] = &[b"authority", &[ctx.accounts.vault_authority.bump]];
    token_interface::transfer_checked(cpi.with_signer(&[seeds]), amount, ctx.accounts.mint.decimals) // want "SOLANA_TOKEN_2022_TRANSFER_HOOK_IGNORED"
}

#[account]
pub struct VaultAuthority {
    pub bump: u8,
}

#[derive(Accounts)]
pub struct Move<'info> {
    pub user: Signer<'info>,
    #[account(seeds = [b"authority"], bump = vault_authority.bump)]
    pub vault_authority: Account<'info, VaultAuthority>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint, token::authority = vault_authority)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct MoveUsdc<'info> {
    pub user: Signer<'info>,
    #[account(seeds = [b"authority"], bump = vault_authority.bump)]
    pub vault_authority: Account<'info, VaultAuthority>,
    #[account(address = USDC)]
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint, token::authority = vault_authority)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct PayReceipt<'info> {
    #[account(seeds = [b"authority"], bump = vault_authority.bump)]
    pub vault_authority: Account<'info, VaultAuthority>,
    #[account(seeds = [b"receipt"], bump)]
    pub receipt_mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = receipt_mint, token::authority = vault_authority)]
    pub vault_receipts: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = receipt_mint)]
    pub user_receipts: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct MoveLegacy<'info> {
    pub user: Signer<'info>,
    pub mint: Account<'info, token::Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: Account<'info, token::TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: Account<'info, token::TokenAccount>,
    pub token_program: Program<'info, Token>,
}
