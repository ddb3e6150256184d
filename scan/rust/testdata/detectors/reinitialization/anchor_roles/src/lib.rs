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

    // Only adds to the account: running it over live data resets nothing.
    pub fn secure_count(ctx: Context<Count>) -> Result<()> {
        let tally = &mut ctx.accounts.tally;
        tally.visits = tally.visits.checked_add(1).ok_or(RosterError::AlreadyEnrolled)?;
        Ok(())
    }

    // Matches on the stored status before writing: a second fill is refused.
    pub fn secure_fill(ctx: Context<Fill>) -> Result<()> {
        check_unfilled(&ctx.accounts.fill)?;
        ctx.accounts.fill.status = 1;
        ctx.accounts.fill.relayer = ctx.accounts.relayer.key();
        Ok(())
    }

    // Only the configured admin may set (and set again) the limit.
    pub fn secure_set_limit(ctx: Context<SetLimit>, amount: u64) -> Result<()> {
        ctx.accounts.limit.amount = amount;
        Ok(())
    }

    // Overwrites whatever the account held, owner included.
    pub fn insecure_publish(ctx: Context<InsecurePublish>, payload: Vec<u8>) -> Result<()> {
        ctx.accounts.note.set_inner(Note { author: ctx.accounts.author.key(), payload });
        Ok(())
    }

    // A live note (non-empty payload) may only be rewritten by its author.
    pub fn secure_publish(ctx: Context<SecurePublish>, payload: Vec<u8>) -> Result<()> {
        SecurePublish::constraints(&ctx)?;
        ctx.accounts.note.set_inner(Note { author: ctx.accounts.author.key(), payload });
        Ok(())
    }
}

impl<'info> SecurePublish<'info> {
    fn constraints(ctx: &Context<Self>) -> Result<()> {
        let note = &ctx.accounts.note;
        if !note.payload.is_empty() {
            require_keys_eq!(ctx.accounts.author.key(), note.author, RosterError::AlreadyEnrolled);
        }
        Ok(())
    }
}

fn check_unfilled(fill: &Fill) -> Result<()> {
    match fill.status {
        0 => Ok(()),
        _ => err!(RosterError::AlreadyEnrolled),
    }
}

#[derive(Accounts)]
pub struct Fill<'info> {
    #[account(init_if_needed, payer = relayer, space = 8 + 1 + 32, seeds = [b"fill"], bump)]
    pub fill: Account<'info, FillStatus>,
    #[account(mut)]
    pub relayer: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SetLimit<'info> {
    #[account(has_one = admin)]
    pub config: Account<'info, Config>,
    #[account(mut)]
    pub admin: Signer<'info>,
    #[account(init_if_needed, payer = admin, space = 8 + 8, seeds = [b"limit"], bump)]
    pub limit: Account<'info, Limit>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct FillStatus {
    pub status: u8,
    pub relayer: Pubkey,
}

#[account]
pub struct Config {
    pub admin: Pubkey,
}

#[account]
pub struct Limit {
    pub amount: u64,
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

#[derive(Accounts)]
pub struct Count<'info> {
    #[account(init_if_needed, payer = user, space = 8 + 8, seeds = [b"tally", user.key().as_ref()], bump)]
    pub tally: Account<'info, Tally>,
    #[account(mut)]
    pub user: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct InsecurePublish<'info> {
    #[account(init_if_needed, payer = author, space = 8 + 32 + 4 + 64)] // want "SOLANA_REINITIALIZATION"
    pub note: Account<'info, Note>,
    #[account(mut)]
    pub author: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[derive(Accounts)]
pub struct SecurePublish<'info> {
    #[account(init_if_needed, payer = author, space = 8 + 32 + 4 + 64)]
    pub note: Account<'info, Note>,
    #[account(mut)]
    pub author: Signer<'info>,
    pub system_program: Program<'info, System>,
}

#[account]
pub struct Tally {
    pub visits: u64,
}

#[account]
pub struct Note {
    pub author: Pubkey,
    pub payload: Vec<u8>,
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
