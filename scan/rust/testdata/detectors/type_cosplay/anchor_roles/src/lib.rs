//! Type cosplay (Anchor handler deserializing raw account data): Borsh
//! types without a tag can pass for each other; a "discriminant" enum
//! field tags them.
use anchor_lang::prelude::*;
use borsh::{BorshDeserialize, BorshSerialize};

declare_id!("CosR111111111111111111111111111111111111111");

#[program]
pub mod cosplay_roles {
    use super::*;

    pub fn insecure_read_member(ctx: Context<Read>) -> Result<()> {
        let member = Member::try_from_slice(&ctx.accounts.record.data.borrow())?; // want "SOLANA_TYPE_COSPLAY"
        msg!("member {}", member.wallet);
        Ok(())
    }

    pub fn enrol_guest(ctx: Context<Write>, wallet: Pubkey) -> Result<()> {
        Guest { wallet }.serialize(&mut &mut ctx.accounts.record.data.borrow_mut()[..])?;
        Ok(())
    }

    pub fn secure_read_badge(ctx: Context<Read>) -> Result<()> {
        let badge = Badge::try_from_slice(&ctx.accounts.record.data.borrow())?;
        require!(badge.discriminant == Kind::Badge, CosplayError::WrongKind);
        msg!("badge {}", badge.holder);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Read<'info> {
    /// CHECK: owner checked by the caller of this example.
    #[account(owner = crate::ID)]
    pub record: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct Write<'info> {
    /// CHECK: owner checked by the caller of this example.
    #[account(mut, owner = crate::ID)]
    pub record: AccountInfo<'info>,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Member {
    pub wallet: Pubkey,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Guest {
    pub wallet: Pubkey,
}

#[derive(BorshSerialize, BorshDeserialize)]
pub struct Badge {
    pub discriminant: Kind,
    pub holder: Pubkey,
}

#[derive(BorshSerialize, BorshDeserialize, PartialEq)]
pub enum Kind {
    Badge,
    Other,
}

#[error_code]
pub enum CosplayError {
    WrongKind,
}
