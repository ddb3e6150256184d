//! Token-2022 transfer fee ignored in accounting (Anchor): a mint with the
//! transfer-fee extension delivers less than the amount sent, so crediting
//! the amount sent overstates what the vault holds.
use anchor_lang::prelude::*;
use anchor_spl::token_2022::spl_token_2022::extension::{
    transfer_fee::TransferFeeConfig, BaseStateWithExtensions, StateWithExtensions,
};
use anchor_spl::token_interface::{self, Mint, TokenAccount, TokenInterface, TransferChecked};

declare_id!("T22f111111111111111111111111111111111111111");

pub const USDC: Pubkey = pubkey!("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");

#[program]
pub mod pool {
    use super::*;

    pub fn insecure_deposit(ctx: Context<Deposit>, amount: u64) -> Result<()> {
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
        ctx.accounts.position.deposited += amount; // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
        Ok(())
    }

    // The transfer sits in a helper; the handler credits the amount it
    // handed over.
    pub fn insecure_deposit_helper(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        pull_tokens(&ctx, amount)?;
        let position = &mut ctx.accounts.position;
        position.deposited = position.deposited.checked_add(amount).ok_or(PoolError::Math)?; // want "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED"
        Ok(())
    }

    // The fee the mint charges is subtracted before crediting.
    pub fn secure_deposit_fee(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        let fee = transfer_fee_of(&ctx.accounts.mint.to_account_info(), amount)?;
        pull_tokens(&ctx, amount)?;
        let received = amount.checked_sub(fee).ok_or(PoolError::Math)?;
        ctx.accounts.position.deposited += received;
        Ok(())
    }

    // The vault's balance is measured before and after the transfer.
    pub fn secure_deposit_measured(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        let before = ctx.accounts.vault_tokens.amount;
        pull_tokens(&ctx, amount)?;
        ctx.accounts.vault_tokens.reload()?;
        let received = ctx.accounts.vault_tokens.amount - before;
        ctx.accounts.position.deposited += received;
        Ok(())
    }

    // Only the program's PDA-signed payout: the user bears any fee.
    pub fn secure_withdraw(ctx: Context<Deposit>, amount: u64) -> Result<()> {
        let seeds: &[&[u8]] = &[b"vault", &[ctx.accounts.position.bump]];
        token_interface::transfer_checked(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.vault_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.user_tokens.to_account_info(),
                    authority: ctx.accounts.vault_tokens.to_account_info(),
                },
                &[seeds],
            ),
            amount,
            ctx.accounts.mint.decimals,
        )?;
        ctx.accounts.position.withdrawn += amount;
        Ok(())
    }

    // The mint is a known one (no fee extension).
    pub fn secure_deposit_usdc(ctx: Context<DepositUsdc>, amount: u64) -> Result<()> {
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
        ctx.accounts.position.deposited += amount;
        Ok(())
    }
}

fn pull_tokens(ctx: &Context<Deposit>, amount: u64) -> Result<()> {
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

fn transfer_fee_of(mint: &AccountInfo, amount: u64) -> Result<u64> {
    let data = mint.try_borrow_data()?;
    let state = StateWithExtensions::<spl_token_2022::state::Mint>::unpack(&data)?;
    Ok(match state.get_extension::<TransferFeeConfig>() {
        Ok(cfg) => cfg.calculate_epoch_fee(Clock::get()?.epoch, amount).ok_or(PoolError::Math)?,
        Err(_) => 0,
    })
}

#[account]
pub struct Position {
    pub deposited: u64,
    pub withdrawn: u64,
    pub bump: u8,
}

#[derive(Accounts)]
pub struct Deposit<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    #[account(mut)]
    pub position: Account<'info, Position>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[derive(Accounts)]
pub struct DepositUsdc<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    #[account(mut)]
    pub position: Account<'info, Position>,
    #[account(address = USDC)]
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint)]
    pub vault_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[error_code]
pub enum PoolError {
    Math,
}
