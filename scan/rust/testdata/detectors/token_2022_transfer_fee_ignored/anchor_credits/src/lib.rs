//! Token-2022 transfer fees (Anchor), credits in other shapes: shares
//! computed from the amount sent, receipt tokens minted for it, and a
//! record whose amount field is set to it. Each books what the user sent;
//! a fee-bearing mint delivered less.
use anchor_lang::prelude::*;
use anchor_spl::token_interface::{self, Mint, MintTo, TokenAccount, TokenInterface, TransferChecked};

declare_id!("T22feeC111111111111111111111111111111111111");

#[program]
pub mod shares {
    use super::*;

    // Shares priced from the amount sent, then added to the user's balance.
    pub fn insecure_deposit_shares(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        take(&ctx, amount)?;
        let vault = &mut ctx.accounts.vault;
        let minted = if vault.total_shares == 0 {
            amount
        } else {
            (amount as u128 * vault.total_shares as u128 / vault.total_assets as u128) as u64
        };
        vault.total_shares += minted; // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
        Ok(())
    }

    // Receipt tokens minted one for one with the amount sent.
    pub fn insecure_deposit_receipt(ctx: Context<DepositReceipt>, amount: u64) -> Result<()> {
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
        )?;
        let seeds: &[&[u8]] = &[b"receipt", &[ctx.accounts.vault.bump]];
        token_interface::mint_to( // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                MintTo {
                    mint: ctx.accounts.receipt_mint.to_account_info(),
                    to: ctx.accounts.user_receipt.to_account_info(),
                    authority: ctx.accounts.vault.to_account_info(),
                },
                &[seeds],
            ),
            amount,
        )
    }

    // A lock record that promises the amount sent back at unlock.
    pub fn insecure_lock(ctx: Context<Lock>, amount: u64, until: i64) -> Result<()> {
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
        )?;
        ctx.accounts.lock.set_inner(LockRecord {
            owner: ctx.accounts.user.key(),
            amount, // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
            until,
        });
        Ok(())
    }

    // The amount only bounds the deposit; what is booked comes from the
    // vault's balance after the transfer.
    pub fn secure_deposit_measured_shares(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        require!(amount <= ctx.accounts.vault.cap, SharesError::Cap);
        let before = ctx.accounts.vault_tokens.amount;
        take(&ctx, amount)?;
        ctx.accounts.vault_tokens.reload()?;
        let received = ctx.accounts.vault_tokens.amount - before;
        let vault = &mut ctx.accounts.vault;
        vault.total_assets += received;
        Ok(())
    }

    // A record of when the user last deposited holds no amount.
    pub fn secure_touch(ctx: Context<Lock>, amount: u64, until: i64) -> Result<()> {
        require!(amount > 0, SharesError::Cap);
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
        )?;
        ctx.accounts.lock.until = until;
        Ok(())
    }
}

fn take(ctx: &Context<Deposit>, amount: u64) -> Result<()> {
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

#[account]
pub struct Vault {
    pub total_assets: u64,
    pub total_shares: u64,
    pub cap: u64,
    pub bump: u8,
}

#[account]
pub struct LockRecord {
    pub owner: Pubkey,
    pub amount: u64,
    pub until: i64,
}

#[derive(Accounts)]
pub struct Deposit<'info> {
    pub user: Signer<'info>,
    #[account(mut)]
    pub vault: Account<'info, Vault>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct DepositReceipt<'info> {
    pub user: Signer<'info>,
    #[account(seeds = [b"receipt"], bump = vault.bump)]
    pub vault: Account<'info, Vault>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut)]
    pub receipt_mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = receipt_mint, token::authority = user)]
    pub user_receipt: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct Lock<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    #[account(init, payer = user, space = 8 + 32 + 8 + 8)]
    pub lock: Account<'info, LockRecord>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

#[error_code]
pub enum SharesError {
    Cap,
}
