//! Type cosplay (Anchor): account data deserialized as a type without a
//! discriminator, so an account of another type with the same layout
//! passes for it.
use anchor_lang::prelude::*;

declare_id!("Cosp1111111111111111111111111111111111111111");

#[program]
pub mod type_cosplay {
    use super::*;

    pub fn insecure_update_user(ctx: Context<UpdateUser>, name: [u8; 16]) -> Result<()> {
        let mut user = User::try_from_slice(&ctx.accounts.user.data.borrow())?; // want "SOLANA_TYPE_COSPLAY"
        require_keys_eq!(user.authority, ctx.accounts.authority.key());
        user.name = name;
        user.serialize(&mut &mut ctx.accounts.user.data.borrow_mut()[..])?;
        Ok(())
    }

    // Admin accounts have User's size and layout: either reads the other's.
    pub fn insecure_update_admin(ctx: Context<UpdateUser>, name: [u8; 16]) -> Result<()> {
        let mut admin = Admin::try_from_slice(&ctx.accounts.user.data.borrow())?; // want "SOLANA_TYPE_COSPLAY"
        require_keys_eq!(admin.authority, ctx.accounts.authority.key());
        admin.name = name;
        admin.serialize(&mut &mut ctx.accounts.user.data.borrow_mut()[..])?;
        Ok(())
    }

    pub fn insecure_unchecked(ctx: Context<UpdateUser>) -> Result<()> {
        let data = ctx.accounts.user.try_borrow_data()?;
        let profile = Profile::try_deserialize_unchecked(&mut &data[..])?; // want "SOLANA_TYPE_COSPLAY"
        require_keys_eq!(profile.authority, ctx.accounts.authority.key());
        Ok(())
    }

    pub fn secure_update_profile(ctx: Context<SecureUpdate>, name: [u8; 16]) -> Result<()> {
        ctx.accounts.profile.name = name;
        Ok(())
    }

    pub fn secure_checked(ctx: Context<UpdateUser>) -> Result<()> {
        let data = ctx.accounts.user.try_borrow_data()?;
        let profile = Profile::try_deserialize(&mut &data[..])?;
        require_keys_eq!(profile.authority, ctx.accounts.authority.key());
        Ok(())
    }
}

#[derive(Accounts)]
pub struct UpdateUser<'info> {
    /// CHECK: owner checked; the data is read by hand.
    #[account(mut, owner = crate::ID)]
    pub user: AccountInfo<'info>,
    pub authority: Signer<'info>,
}

#[derive(Accounts)]
pub struct SecureUpdate<'info> {
    #[account(mut, has_one = authority)]
    pub profile: Account<'info, Profile>,
    pub authority: Signer<'info>,
}

/// No discriminator: any account with this layout deserializes.
#[derive(AnchorSerialize, AnchorDeserialize)]
pub struct User {
    pub authority: Pubkey,
    pub name: [u8; 16],
}

/// Same layout as User.
#[derive(AnchorSerialize, AnchorDeserialize)]
pub struct Admin {
    pub authority: Pubkey,
    pub name: [u8; 16],
}

#[account]
pub struct Profile {
    pub authority: Pubkey,
    pub name: [u8; 16],
}
