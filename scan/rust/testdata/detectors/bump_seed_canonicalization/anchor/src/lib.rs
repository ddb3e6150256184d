//! Bump seed canonicalization (Anchor): PDAs derived with a bump the
//! caller chooses, so several valid addresses exist for one seed set.
use anchor_lang::prelude::*;

declare_id!("Bump1111111111111111111111111111111111111111");

#[program]
pub mod bump_seeds {
    use super::*;

    pub fn insecure_set_value(ctx: Context<InsecureSetValue>, _bump: u8, value: u64) -> Result<()> {
        ctx.accounts.profile.value = value;
        Ok(())
    }

    pub fn insecure_derive(ctx: Context<Derive>, bump: u8) -> Result<()> {
        let user = ctx.accounts.user.key();
        let address = Pubkey::create_program_address(&[b"profile", user.as_ref(), &[bump]], ctx.program_id) // want "SOLANA_BUMP_SEED_CANONICALIZATION"
            .map_err(|_| error!(BumpError::BadSeeds))?;
        require_keys_eq!(address, ctx.accounts.profile.key(), BumpError::BadSeeds);
        Ok(())
    }

    pub fn secure_create(ctx: Context<SecureCreate>) -> Result<()> {
        ctx.accounts.profile.bump = ctx.bumps.profile;
        Ok(())
    }

    pub fn secure_set_value(ctx: Context<SecureSetValue>, value: u64) -> Result<()> {
        ctx.accounts.profile.value = value;
        Ok(())
    }

    pub fn secure_derive(ctx: Context<Derive>) -> Result<()> {
        let user = ctx.accounts.user.key();
        let (address, _bump) = Pubkey::find_program_address(&[b"profile", user.as_ref()], ctx.program_id);
        require_keys_eq!(address, ctx.accounts.profile.key(), BumpError::BadSeeds);
        Ok(())
    }
}

#[derive(Accounts)]
#[instruction(bump: u8)]
pub struct InsecureSetValue<'info> {
    pub user: Signer<'info>,
    #[account(
        mut,
        seeds = [b"profile", user.key().as_ref()],
        bump = bump, // want "SOLANA_BUMP_SEED_CANONICALIZATION"
    )]
    pub profile: Account<'info, Profile>,
}

#[derive(Accounts)]
pub struct SecureCreate<'info> {
    #[account(mut)]
    pub user: Signer<'info>,
    #[account(init, payer = user, space = 8 + 8 + 1, seeds = [b"profile", user.key().as_ref()], bump)]
    pub profile: Account<'info, Profile>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecureSetValue<'info> {
    pub user: Signer<'info>,
    #[account(mut, seeds = [b"profile", user.key().as_ref()], bump = profile.bump)]
    pub profile: Account<'info, Profile>,
}

#[derive(Accounts)]
pub struct Derive<'info> {
    pub user: Signer<'info>,
    /// CHECK: its address is derived and compared in the handler.
    pub profile: AccountInfo<'info>,
}

#[account]
pub struct Profile {
    pub value: u64,
    pub bump: u8,
}

#[error_code]
pub enum BumpError {
    BadSeeds,
}
