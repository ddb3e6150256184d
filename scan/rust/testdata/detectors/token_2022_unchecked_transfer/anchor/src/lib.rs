//! Token-2022 transfer without transfer_checked (Anchor): the unchecked
//! transfer names no mint or decimals, which Token-2022 mints with
//! extensions refuse or account differently.
use anchor_lang::prelude::*;
use anchor_spl::token_interface::{self, Mint, TokenAccount, TokenInterface, Transfer, TransferChecked};

declare_id!("T22x111111111111111111111111111111111111111");

#[program]
pub mod token2022 {
    use super::*;

    pub fn insecure_pay(ctx: Context<Pay>, amount: u64) -> Result<()> {
        token_interface::transfer( // want "SOLANA_TOKEN_2022_UNCHECKED_TRANSFER"
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.from.to_account_info(),
                    to: ctx.accounts.to.to_account_info(),
                    authority: ctx.accounts.owner.to_account_info(),
                },
            ),
            amount,
        )
    }

    pub fn secure_pay(ctx: Context<Pay>, amount: u64) -> Result<()> {
        token_interface::transfer_checked(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.from.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.to.to_account_info(),
                    authority: ctx.accounts.owner.to_account_info(),
                },
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }
}

#[derive(Accounts)]
pub struct Pay<'info> {
    pub owner: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = owner)]
    pub from: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub to: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}
