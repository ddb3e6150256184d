//! Reinitialization (Anchor): initialization that can run again on an
//! account that already holds state, handing it to a new authority.
use anchor_lang::prelude::*;

declare_id!("Reini111111111111111111111111111111111111111");

#[program]
pub mod reinit {
    use super::*;

    pub fn insecure_init_if_needed(ctx: Context<InsecureInitIfNeeded>) -> Result<()> {
        let settings = &mut ctx.accounts.settings;
        settings.authority = ctx.accounts.payer.key();
        settings.fee_bps = 30;
        Ok(())
    }

    pub fn insecure_manual_init(ctx: Context<ManualInit>) -> Result<()> {
        let mut user = UserState::try_from_slice(&ctx.accounts.user.data.borrow())?;
        user.authority = ctx.accounts.authority.key();
        user.serialize(&mut &mut ctx.accounts.user.data.borrow_mut()[..])?; // want "SOLANA_REINITIALIZATION"
        Ok(())
    }

    pub fn secure_init(ctx: Context<SecureInit>) -> Result<()> {
        let settings = &mut ctx.accounts.settings;
        settings.authority = ctx.accounts.payer.key();
        settings.fee_bps = 30;
        settings.is_initialized = true;
        Ok(())
    }

    pub fn secure_init_if_needed(ctx: Context<SecureInitIfNeeded>) -> Result<()> {
        let settings = &mut ctx.accounts.settings;
        require!(!settings.is_initialized, ReinitError::AlreadyInitialized);
        settings.authority = ctx.accounts.payer.key();
        settings.fee_bps = 30;
        settings.is_initialized = true;
        Ok(())
    }

    pub fn secure_manual_init(ctx: Context<ManualInit>) -> Result<()> {
        let mut user = UserState::try_from_slice(&ctx.accounts.user.data.borrow())?;
        if user.is_initialized {
            return err!(ReinitError::AlreadyInitialized);
        }
        user.is_initialized = true;
        user.authority = ctx.accounts.authority.key();
        user.serialize(&mut &mut ctx.accounts.user.data.borrow_mut()[..])?;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureInitIfNeeded<'info> {
    #[account(
        init_if_needed, // want "SOLANA_REINITIALIZATION"
        payer = payer,
        space = 8 + Settings::INIT_SPACE,
        seeds = [b"settings"],
        bump
    )]
    pub settings: Account<'info, Settings>,
    #[account(mut)]
    pub payer: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecureInit<'info> {
    #[account(init, payer = payer, space = 8 + Settings::INIT_SPACE, seeds = [b"settings"], bump)]
    pub settings: Account<'info, Settings>,
    #[account(mut)]
    pub payer: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecureInitIfNeeded<'info> {
    #[account(init_if_needed, payer = payer, space = 8 + Settings::INIT_SPACE, seeds = [b"settings"], bump)]
    pub settings: Account<'info, Settings>,
    #[account(mut)]
    pub payer: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct ManualInit<'info> {
    /// CHECK: owner checked; initialized by hand.
    #[account(mut, owner = crate::ID)]
    pub user: AccountInfo<'info>,
    pub authority: Signer<'info>,
}

#[account]
#[derive(InitSpace)]
pub struct Settings {
    pub is_initialized: bool,
    pub authority: Pubkey,
    pub fee_bps: u16,
}

#[derive(AnchorSerialize, AnchorDeserialize)]
pub struct UserState {
    pub discriminator: [u8; 8],
    pub is_initialized: bool,
    pub authority: Pubkey,
}

#[error_code]
pub enum ReinitError {
    AlreadyInitialized,
}
