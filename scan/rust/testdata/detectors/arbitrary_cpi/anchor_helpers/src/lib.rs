//! Arbitrary CPI through a helper that takes the program as a plain
//! AccountInfo: safe when every caller passes a checked program
//! (Program<'info, Token>), not when one passes an unchecked account.
use anchor_lang::prelude::*;
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

pub fn insecure_forward<'info>(
    program: &AccountInfo<'info>,
    from: &AccountInfo<'info>,
    to: &AccountInfo<'info>,
    owner: &AccountInfo<'info>,
    amount: u64,
) -> Result<()> {
    token::transfer(
        CpiContext::new( // want "SOLANA_ARBITRARY_CPI"
            program.clone(),
            Transfer { from: from.clone(), to: to.clone(), authority: owner.clone() },
        ),
        amount,
    )
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

// A program taken from the remaining accounts, which Anchor checks not at
// all, and the same with its key compared first.
pub mod remaining {
    use super::*;

    pub fn insecure_route<'info>(ctx: Context<'_, '_, '_, 'info, SecureDeposit<'info>>, data: Vec<u8>) -> Result<()> {
        let target = &ctx.remaining_accounts[0];
        let ix = anchor_lang::solana_program::instruction::Instruction::new_with_bytes(*target.key, &data, vec![]);
        anchor_lang::solana_program::program::invoke(&ix, &[target.clone()])?; // want "SOLANA_ARBITRARY_CPI"
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
