//! Reinitialization (Anchor init_if_needed), guarded or not by a look at
//! the existing data: in the account's own constraint, or in a handler
//! outside the #[program] module that takes the same Context.
use anchor_lang::prelude::*;

declare_id!("ReiR111111111111111111111111111111111111111");

#[program]
pub mod reinit_roles {
    use super::*;

    pub fn insecure_register(ctx: Context<InsecureRegister>) -> Result<()> {
        ctx.accounts.profile.owner = ctx.accounts.user.key();
        Ok(())
    }

    pub fn secure_register(ctx: Context<SecureRegister>) -> Result<()> {
        ctx.accounts.profile.owner = ctx.accounts.user.key();
        Ok(())
    }

    pub fn secure_enroll(ctx: Context<SecureEnroll>) -> Result<()> {
        handlers::enroll(ctx)
    }
}

pub mod handlers {
    use super::*;

    pub fn enroll(ctx: Context<SecureEnroll>) -> Result<()> {
        let roster = &mut ctx.accounts.roster;
        if roster.is_initialized {
            return err!(RosterError::AlreadyEnrolled);
        }
        roster.is_initialized = true;
        roster.owner = ctx.accounts.user.key();
        Ok(())
    }
}

#[derive(Accounts)]
pub struct InsecureRegister<'info> {
    #[account(init_if_needed, payer = user, space = 8 + 32)] // want "SOLANA_REINITIALIZATION"
    pub profile: Account<'info, Profile>,
    #[account(mut)]
    pub user: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecureRegister<'info> {
    #[account(
        init_if_needed,
        payer = user,
        space = 8 + 32,
        constraint = profile.owner == Pubkey::default() || profile.owner == user.key() @ RosterError::AlreadyEnrolled
    )]
    pub profile: Account<'info, Profile>,
    #[account(mut)]
    pub user: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecureEnroll<'info> {
    #[account(init_if_needed, payer = user, space = 8 + 33)]
    pub roster: Account<'info, Roster>,
    #[account(mut)]
    pub user: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Profile {
    pub owner: Pubkey,
}

#[account]
pub struct Roster {
    pub is_initialized: bool,
    pub owner: Pubkey,
}

#[error_code]
pub enum RosterError {
    AlreadyEnrolled,
}
