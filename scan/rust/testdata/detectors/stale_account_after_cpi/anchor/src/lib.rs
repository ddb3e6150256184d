//! Account data read after a CPI without reload (Anchor): Anchor's copy of
//! the vault is from before the transfer into it.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Mint, Token, TokenAccount, TransferChecked};

declare_id!("Stal111111111111111111111111111111111111111");

#[program]
pub mod stale {
    use super::*;

    pub fn insecure_deposit(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        token::transfer_checked(ctx.accounts.pay(), amount, ctx.accounts.mint.decimals)?;
        ctx.accounts.ledger.recorded = ctx.accounts.vault.amount; // want "SOLANA_STALE_ACCOUNT_AFTER_CPI"
        Ok(())
    }

    pub fn secure_deposit(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        token::transfer_checked(ctx.accounts.pay(), amount, ctx.accounts.mint.decimals)?;
        ctx.accounts.vault.reload()?;
        ctx.accounts.ledger.recorded = ctx.accounts.vault.amount;
        Ok(())
    }

    pub fn secure_deposit_before(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        let before = ctx.accounts.vault.amount;
        token::transfer_checked(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.from.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.vault.to_account_info(),
                    authority: ctx.accounts.owner.to_account_info(),
                },
            ),
            amount,
            ctx.accounts.mint.decimals,
        )?;
        ctx.accounts.ledger.recorded = before.saturating_add(amount);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Deposit<'info> {
    pub owner: Signer<'info>,
    pub mint: Account<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = owner)]
    pub from: Account<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
    pub token_program: Program<'info, Token>,
}

impl<'info> Deposit<'info> {
    pub fn pay(&self) -> CpiContext<'_, '_, '_, 'info, TransferChecked<'info>> {
        CpiContext::new(
            self.token_program.to_account_info(),
            TransferChecked {
                from: self.from.to_account_info(),
                mint: self.mint.to_account_info(),
                to: self.vault.to_account_info(),
                authority: self.owner.to_account_info(),
            },
        )
    }
}

#[account]
pub struct Ledger {
    pub recorded: u64,
}
