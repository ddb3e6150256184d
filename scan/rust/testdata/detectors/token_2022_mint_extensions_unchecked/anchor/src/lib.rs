//! Token-2022 mint extensions not checked for a program vault (Anchor): a
//! pool that opens a shared vault for any token-interface mint must refuse
//! permanent delegates, close authorities and transfer hooks it cannot
//! live with.
use anchor_lang::prelude::*;
use anchor_spl::associated_token::AssociatedToken;
use anchor_spl::token_2022::spl_token_2022::extension::{BaseStateWithExtensions, ExtensionType, StateWithExtensions};
use anchor_spl::token_interface::{Mint, TokenAccount, TokenInterface};

declare_id!("T22e111111111111111111111111111111111111111");

pub const USDC: Pubkey = pubkey!("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");

#[program]
pub mod pools {
    use super::*;

    pub fn insecure_create_pool(ctx: Context<CreatePool>) -> Result<()> {
        ctx.accounts.pool.mint = ctx.accounts.mint.key();
        ctx.accounts.pool.bump = ctx.bumps.pool;
        Ok(())
    }

    pub fn secure_create_checked_pool(ctx: Context<CreateCheckedPool>) -> Result<()> {
        require_supported(&ctx.accounts.mint.to_account_info())?;
        ctx.accounts.pool.mint = ctx.accounts.mint.key();
        ctx.accounts.pool.bump = ctx.bumps.pool;
        Ok(())
    }

    pub fn secure_create_usdc_pool(ctx: Context<CreateUsdcPool>) -> Result<()> {
        ctx.accounts.pool.mint = ctx.accounts.mint.key();
        Ok(())
    }

    pub fn secure_open_escrow(ctx: Context<OpenEscrow>) -> Result<()> {
        ctx.accounts.escrow.maker = ctx.accounts.maker.key();
        Ok(())
    }
}

/// Refuses mints whose extensions let someone else move or freeze the
/// pool's tokens.
fn require_supported(mint: &AccountInfo) -> Result<()> {
    let data = mint.try_borrow_data()?;
    let state = StateWithExtensions::<anchor_spl::token_2022::spl_token_2022::state::Mint>::unpack(&data)?;
    for ext in state.get_extension_types()? {
        match ext {
            ExtensionType::PermanentDelegate | ExtensionType::MintCloseAuthority | ExtensionType::TransferHook => {
                return err!(PoolError::UnsupportedMint)
            }
            _ => {}
        }
    }
    Ok(())
}

#[account]
pub struct Pool {
    pub mint: Pubkey,
    pub bump: u8,
}

#[account]
pub struct Escrow {
    pub maker: Pubkey,
}

#[derive(Accounts)]
pub struct CreatePool<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(init, payer = payer, space = 8 + 33, seeds = [b"pool", mint.key().as_ref()], bump)]
    pub pool: Account<'info, Pool>,
    #[account(
        init,
        payer = payer,
        associated_token::mint = mint,
        associated_token::authority = pool,
        associated_token::token_program = token_program,
    )]
    pub pool_vault: InterfaceAccount<'info, TokenAccount>, // want "SOLANA_TOKEN_2022_MINT_EXTENSIONS_UNCHECKED"
    pub token_program: Interface<'info, TokenInterface>,
    pub associated_token_program: Program<'info, AssociatedToken>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct CreateCheckedPool<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(init, payer = payer, space = 8 + 33, seeds = [b"checked", mint.key().as_ref()], bump)]
    pub pool: Account<'info, Pool>,
    #[account(init, payer = payer, token::mint = mint, token::authority = pool_vault, seeds = [b"vault", pool.key().as_ref()], bump)]
    pub pool_vault: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct CreateUsdcPool<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    #[account(address = USDC)]
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(init, payer = payer, space = 8 + 33, seeds = [b"usdc"], bump)]
    pub pool: Account<'info, Pool>,
    #[account(init, payer = payer, token::mint = mint, token::authority = pool)]
    pub pool_vault: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

// The escrow holds only its maker's tokens, of a mint the maker chose.
#[derive(Accounts)]
pub struct OpenEscrow<'info> {
    #[account(mut)]
    pub maker: Signer<'info>,
    pub mint: InterfaceAccount<'info, Mint>,
    #[account(init, payer = maker, space = 8 + 32, seeds = [b"escrow", maker.key().as_ref()], bump)]
    pub escrow: Account<'info, Escrow>,
    #[account(init, payer = maker, token::mint = mint, token::authority = escrow)]
    pub vault: InterfaceAccount<'info, TokenAccount>,
    pub token_program: Interface<'info, TokenInterface>,
    pub system_program: Program<'info, System>,
}

#[error_code]
pub enum PoolError {
    UnsupportedMint,
}
