//! Improper instruction introspection (Anchor): a payment checked at a
//! fixed position of the transaction backs every claim that looks there.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::sysvar::instructions::{
    get_instruction_relative, load_current_index_checked, load_instruction_at_checked,
};

declare_id!("Intr111111111111111111111111111111111111111");

const PAYMENT_POSITION: usize = 0;

#[program]
pub mod introspection {
    use super::*;

    pub fn insecure_claim(ctx: Context<Claim>) -> Result<()> {
        let payment = load_instruction_at_checked(0, &ctx.accounts.instructions)?; // want "SOLANA_IMPROPER_INSTRUCTION_INTROSPECTION"
        require_keys_eq!(payment.program_id, anchor_spl::token::ID, IntroError::NoPayment);
        ctx.accounts.ticket.claims = ctx.accounts.ticket.claims.saturating_add(1);
        Ok(())
    }

    pub fn insecure_claim_const(ctx: Context<Claim>) -> Result<()> {
        let at = PAYMENT_POSITION;
        let payment = load_instruction_at_checked(at, &ctx.accounts.instructions)?; // want "SOLANA_IMPROPER_INSTRUCTION_INTROSPECTION"
        require_keys_eq!(payment.program_id, anchor_spl::token::ID, IntroError::NoPayment);
        ctx.accounts.ticket.claims = ctx.accounts.ticket.claims.saturating_add(1);
        Ok(())
    }

    pub fn secure_claim(ctx: Context<Claim>) -> Result<()> {
        let payment = get_instruction_relative(-1, &ctx.accounts.instructions)?;
        require_keys_eq!(payment.program_id, anchor_spl::token::ID, IntroError::NoPayment);
        ctx.accounts.ticket.claims = ctx.accounts.ticket.claims.saturating_add(1);
        Ok(())
    }

    /// Every instruction of the transaction is looked at, by a counter from 0: no position is
    /// taken on trust.
    pub fn secure_claim_alone(ctx: Context<Claim>) -> Result<()> {
        let mut index = 0;
        loop {
            let ix = match load_instruction_at_checked(index, &ctx.accounts.instructions) {
                Ok(ix) => ix,
                Err(ProgramError::InvalidArgument) => break,
                Err(e) => return Err(e.into()),
            };
            require_keys_eq!(ix.program_id, crate::ID, IntroError::NoPayment);
            index += 1;
        }
        ctx.accounts.ticket.claims = ctx.accounts.ticket.claims.saturating_add(1);
        Ok(())
    }

    pub fn secure_claim_current(ctx: Context<Claim>) -> Result<()> {
        let current = load_current_index_checked(&ctx.accounts.instructions)?;
        let previous = (current as usize).checked_sub(1).ok_or(IntroError::NoPayment)?;
        let payment = load_instruction_at_checked(previous, &ctx.accounts.instructions)?;
        require_keys_eq!(payment.program_id, anchor_spl::token::ID, IntroError::NoPayment);
        ctx.accounts.ticket.claims = ctx.accounts.ticket.claims.saturating_add(1);
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Claim<'info> {
    #[account(mut)]
    pub ticket: Account<'info, Ticket>,
    /// CHECK: the instructions sysvar, pinned by address.
    #[account(address = anchor_lang::solana_program::sysvar::instructions::ID)]
    pub instructions: AccountInfo<'info>,
}

#[account]
pub struct Ticket {
    pub claims: u64,
}

#[error_code]
pub enum IntroError {
    NoPayment,
}
