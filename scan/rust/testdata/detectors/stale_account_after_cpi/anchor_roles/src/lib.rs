//! Account data read after a CPI without reload (Anchor), by what the CPI can change: a CPI
//! runs where its context is consumed; a token transfer changes the token accounts, not the
//! mint; a mint changes the mint's supply; and no CPI to another program can write the data
//! of the program's own accounts.
use anchor_lang::prelude::*;
use anchor_lang::system_program;
use anchor_spl::token::{self, Mint, MintTo, Token, TokenAccount, TransferChecked};

declare_id!("Sta2111111111111111111111111111111111111111");

#[program]
pub mod stale_roles {
    use super::*;

    /// The context is built first and consumed by transfer_checked: the vault is read after.
    pub fn insecure_bound_context(ctx: Context<Move>, amount: u64) -> Result<()> {
        let accounts = TransferChecked {
            from: ctx.accounts.from.to_account_info(),
            mint: ctx.accounts.mint.to_account_info(),
            to: ctx.accounts.vault.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        let cpi = CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts);
        token::transfer_checked(cpi, amount, ctx.accounts.mint.decimals)?;
        ctx.accounts.ledger.recorded = ctx.accounts.vault.amount; // want "SOLANA_STALE_ACCOUNT_AFTER_CPI"
        Ok(())
    }

    /// The mint's decimals are read as an argument of the call that runs the CPI (before
    /// it), and again after a transfer, which leaves the mint as it was.
    pub fn secure_decimals(ctx: Context<Move>, amount: u64) -> Result<()> {
        let accounts = TransferChecked {
            from: ctx.accounts.from.to_account_info(),
            mint: ctx.accounts.mint.to_account_info(),
            to: ctx.accounts.vault.to_account_info(),
            authority: ctx.accounts.owner.to_account_info(),
        };
        let cpi = CpiContext::new(ctx.accounts.token_program.to_account_info(), accounts);
        token::transfer_checked(cpi, amount, ctx.accounts.mint.decimals)?;
        ctx.accounts.ledger.decimals = ctx.accounts.mint.decimals;
        Ok(())
    }

    /// Minting changes the mint's supply: the supply read after it is the old one.
    pub fn insecure_supply_after_mint(ctx: Context<Issue>, amount: u64) -> Result<()> {
        let cpi = CpiContext::new(
            ctx.accounts.token_program.to_account_info(),
            MintTo {
                mint: ctx.accounts.mint.to_account_info(),
                to: ctx.accounts.vault.to_account_info(),
                authority: ctx.accounts.owner.to_account_info(),
            },
        );
        token::mint_to(cpi, amount)?;
        ctx.accounts.ledger.recorded = ctx.accounts.mint.supply; // want "SOLANA_STALE_ACCOUNT_AFTER_CPI"
        Ok(())
    }

    /// Lamports paid into the ledger by the system program: its data is the program's to
    /// write, and no other program's CPI changes it.
    pub fn secure_own_account(ctx: Context<Fund>, lamports: u64) -> Result<()> {
        system_program::transfer(
            CpiContext::new(
                ctx.accounts.system_program.to_account_info(),
                system_program::Transfer {
                    from: ctx.accounts.owner.to_account_info(),
                    to: ctx.accounts.ledger.to_account_info(),
                },
            ),
            lamports,
        )?;
        ctx.accounts.ledger.recorded = ctx.accounts.ledger.recorded.saturating_add(lamports);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Move<'info> {
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

#[derive(Accounts)]
pub struct Issue<'info> {
    pub owner: Signer<'info>,
    #[account(mut, mint::authority = owner)]
    pub mint: Account<'info, Mint>,
    #[account(mut, token::mint = mint)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct Fund<'info> {
    #[account(mut)]
    pub owner: Signer<'info>,
    #[account(mut)]
    pub ledger: Account<'info, Ledger>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Ledger {
    pub recorded: u64,
    pub decimals: u8,
}
