//! Arbitrary CPI (Anchor): the program invoked is whatever account the
//! caller passes, so a malicious program receives the signer privileges.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::{
    instruction::{AccountMeta, Instruction},
    program::invoke,
};
use anchor_spl::token::{self, Token, Transfer};

declare_id!("Cpi11111111111111111111111111111111111111111");

#[program]
pub mod arbitrary_cpi {
    use super::*;

    pub fn insecure_notify(ctx: Context<InsecureNotify>, payload: Vec<u8>) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.hook_program.key(),
            accounts: vec![AccountMeta::new_readonly(ctx.accounts.user.key(), true)],
            data: payload,
        };
        invoke(&ix, &[ctx.accounts.user.to_account_info()])?; // want "SOLANA_ARBITRARY_CPI"
        Ok(())
    }

    // Anchor's token::transfer builds the instruction with the SPL Token
    // program's fixed id: the unchecked account is not what is invoked.
    pub fn secure_transfer_unchecked(ctx: Context<InsecureTransfer>, amount: u64) -> Result<()> {
        let cpi = CpiContext::new(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.from.to_account_info(),
                to: ctx.accounts.to.to_account_info(),
                authority: ctx.accounts.user.to_account_info(),
            },
        );
        token::transfer(cpi, amount)
    }

    pub fn secure_notify(ctx: Context<SecureNotify>, payload: Vec<u8>) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.hook_program.key(),
            accounts: vec![AccountMeta::new_readonly(ctx.accounts.user.key(), true)],
            data: payload,
        };
        invoke(&ix, &[ctx.accounts.user.to_account_info()])?;
        Ok(())
    }

    pub fn secure_notify_checked(ctx: Context<InsecureNotify>, payload: Vec<u8>) -> Result<()> {
        require_keys_eq!(ctx.accounts.hook_program.key(), HOOK_PROGRAM_ID, CpiError::WrongProgram);
        let ix = Instruction {
            program_id: ctx.accounts.hook_program.key(),
            accounts: vec![AccountMeta::new_readonly(ctx.accounts.user.key(), true)],
            data: payload,
        };
        invoke(&ix, &[ctx.accounts.user.to_account_info()])?;
        Ok(())
    }

    pub fn secure_transfer(ctx: Context<SecureTransfer>, amount: u64) -> Result<()> {
        let cpi = CpiContext::new(
            ctx.accounts.token_program.to_account_info(),
            Transfer {
                from: ctx.accounts.from.to_account_info(),
                to: ctx.accounts.to.to_account_info(),
                authority: ctx.accounts.user.to_account_info(),
            },
        );
        token::transfer(cpi, amount)
    }
}

pub const HOOK_PROGRAM_ID: Pubkey = pubkey!("Hook111111111111111111111111111111111111111");

#[derive(Accounts)]
pub struct InsecureNotify<'info> {
    pub user: Signer<'info>,
    /// CHECK: any program the caller likes.
    pub hook_program: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureNotify<'info> {
    pub user: Signer<'info>,
    /// CHECK: pinned to the hook program.
    #[account(address = HOOK_PROGRAM_ID, executable)]
    pub hook_program: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct InsecureTransfer<'info> {
    pub user: Signer<'info>,
    /// CHECK: token accounts, checked by the token program.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: token accounts, checked by the token program.
    #[account(mut)]
    pub to: AccountInfo<'info>,
    /// CHECK: should be the token program, but is not checked.
    pub token_program: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct SecureTransfer<'info> {
    pub user: Signer<'info>,
    /// CHECK: token accounts, checked by the token program.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: token accounts, checked by the token program.
    #[account(mut)]
    pub to: AccountInfo<'info>,
    pub token_program: Program<'info, Token>,
}

#[error_code]
pub enum CpiError {
    WrongProgram,
}
