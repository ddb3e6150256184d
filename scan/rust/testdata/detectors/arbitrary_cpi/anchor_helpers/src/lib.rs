//! Arbitrary CPI through helpers. Anchor's token helpers build the
//! instruction with the SPL Token program's fixed id, so the program account
//! handed to them is not what is invoked (class 7 of issue 28): no finding,
//! checked or not. A crate helper that invokes the program it is given by key
//! is followed into: its callers decide, one passing a checked program, one
//! an unchecked account. A program taken from the remaining accounts is
//! reported unless its key is compared first.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::{instruction::Instruction, program::invoke};
use anchor_spl::token::{self, Token, Transfer};

declare_id!("Help111111111111111111111111111111111111111");

#[program]
pub mod cpi_helpers {
    use super::*;

    pub fn secure_deposit(ctx: Context<SecureDeposit>, amount: u64) -> Result<()> {
        move_tokens(
            &ctx.accounts.token_program.to_account_info(),
            &ctx.accounts.from,
            &ctx.accounts.to,
            &ctx.accounts.owner,
            amount,
        )
    }

    // An unchecked token program handed to Anchor's token::transfer: the
    // instruction still goes to the SPL Token program.
    pub fn secure_forward(ctx: Context<UncheckedDeposit>, amount: u64) -> Result<()> {
        move_tokens(&ctx.accounts.token_program, &ctx.accounts.from, &ctx.accounts.to, &ctx.accounts.owner, amount)
    }

    pub fn secure_ping(ctx: Context<SecureDeposit>, data: Vec<u8>) -> Result<()> {
        ping(&ctx.accounts.token_program.to_account_info(), data)
    }

    // ping is shared with secure_ping: the finding is this instruction's.
    pub fn insecure_ping(ctx: Context<UncheckedDeposit>, data: Vec<u8>) -> Result<()> { // want "SOLANA_ARBITRARY_CPI" severity=low
        ping(&ctx.accounts.token_program, data)
    }

    pub fn insecure_route<'info>(ctx: Context<'_, '_, '_, 'info, SecureDeposit<'info>>, data: Vec<u8>) -> Result<()> {
        let target = &ctx.remaining_accounts[0];
        let ix = anchor_lang::solana_program::instruction::Instruction::new_with_bytes(*target.key, &data, vec![]);
        anchor_lang::solana_program::program::invoke(&ix, &[target.clone()])?; // want "SOLANA_ARBITRARY_CPI" severity=low
        Ok(())
    }

    pub fn secure_route<'info>(ctx: Context<'_, '_, '_, 'info, SecureDeposit<'info>>, data: Vec<u8>) -> Result<()> {
        let target = &ctx.remaining_accounts[0];
        require_keys_eq!(*target.key, anchor_spl::token::ID);
        let ix = anchor_lang::solana_program::instruction::Instruction::new_with_bytes(*target.key, &data, vec![]);
        anchor_lang::solana_program::program::invoke(&ix, &[target.clone()])?;
        Ok(())
    }
}

pub fn move_tokens<'info>(
    program: &AccountInfo<'info>,
    from: &AccountInfo<'info>,
    to: &AccountInfo<'info>,
    owner: &Signer<'info>,
    amount: u64,
) -> Result<()> {
    token::transfer(
        CpiContext::new(
            program.clone(),
            Transfer { from: from.clone(), to: to.clone(), authority: owner.to_account_info() },
        ),
        amount,
    )
}

// Invokes whatever program it is given: safe only for callers that check it.
pub fn ping<'info>(program: &AccountInfo<'info>, data: Vec<u8>) -> Result<()> {
    let ix = Instruction { program_id: *program.key, accounts: vec![], data };
    invoke(&ix, &[program.clone()])?;
    Ok(())
}

#[derive(Accounts)]
pub struct SecureDeposit<'info> {
    pub owner: Signer<'info>,
    /// CHECK: token account, checked by the token program.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: token account, checked by the token program.
    #[account(mut)]
    pub to: AccountInfo<'info>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct UncheckedDeposit<'info> {
    pub owner: Signer<'info>,
    /// CHECK: token account, checked by the token program.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: token account, checked by the token program.
    #[account(mut)]
    pub to: AccountInfo<'info>,
    /// CHECK: not checked here.
    pub token_program: AccountInfo<'info>,
}
