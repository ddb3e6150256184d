//! Token-2022 transfer hooks (Anchor), refused at the door: the pool only
//! admits mints whose extensions are on a short list without TransferHook,
//! so its later plain transfer_checked calls never meet a hook mint.
use anchor_lang::prelude::*;
use anchor_spl::token_2022::spl_token_2022::{
    self,
    extension::{BaseStateWithExtensions, ExtensionType, StateWithExtensions},
};
use anchor_spl::token_interface::{self, Mint, TokenAccount, TokenInterface, TransferChecked};

declare_id!("T22hookA111111111111111111111111111111111111");

#[program]
pub mod pool {
    use super::*;

    pub fn secure_open_pool(ctx: Context<OpenPool>) -> Result<()> {
        require!(mint_allowed(&ctx.accounts.mint.to_account_info())?, PoolError::MintNotSupported);
        ctx.accounts.pool.mint = ctx.accounts.mint.key();
        ctx.accounts.pool.bump = ctx.bumps.pool;
        Ok(())
    }

    pub fn secure_withdraw(ctx: Context<Withdraw>, amount: u64) -> Result<()> {
        let mint_key = ctx.accounts.mint.key();
        let seeds: &[&[u8]] = &[b"pool", mint_key.as_ref(), &[ctx.accounts.pool.bump]];
        token_interface::transfer_checked(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                TransferChecked {
                    from: ctx.accounts.pool_tokens.to_account_info(),
                    mint: ctx.accounts.mint.to_account_info(),
                    to: ctx.accounts.user_tokens.to_account_info(),
                    authority: ctx.accounts.pool.to_account_info(),
                },
                &[seeds],
            ),
            amount,
            ctx.accounts.mint.decimals,
        )
    }
}

// Only the listed extensions are accepted; anything else (a transfer hook,
// a permanent delegate) keeps the mint out of the pool.
fn mint_allowed(mint: &AccountInfo) -> Result<bool> {
    if *mint.owner == anchor_spl::token::ID {
        return Ok(true);
    }
    let data = mint.try_borrow_data()?;
    let state = StateWithExtensions::<spl_token_2022::state::Mint>::unpack(&data)?;
    for ext in state.get_extension_types()? {
        if ext != ExtensionType::MetadataPointer && ext != ExtensionType::TokenMetadata {
            return Ok(false);
        }
    }
    Ok(true)
}

#[account]
pub struct Pool {
    pub mint: Pubkey,
    pub bump: u8,
}

#[derive(Accounts)]
pub struct OpenPool<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    #[account(init, payer = payer, space = 8 + 32 + 1, seeds = [b"pool", mint.key().as_ref()], bump)]
    pub pool: Account<'info, Pool>,
    pub mint: InterfaceAccount<'info, Mint>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    pub user: Signer<'info>,
    #[account(has_one = mint, seeds = [b"pool", mint.key().as_ref()], bump = pool.bump)]
    pub pool: Account<'info, Pool>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(mut, token::mint = mint, token::authority = user)]
    pub user_tokens: InterfaceAccount<'info, TokenAccount>,
    #[account(mut, token::mint = mint, token::authority = pool)]
    pub pool_tokens: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
}

#[error_code]
pub enum PoolError {
    MintNotSupported,
}
