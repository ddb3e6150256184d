//! Account data matching, told apart by what the instruction does to the
//! unmatched account. A pocket records its owner; paying into anyone's
//! pocket, with tokens the signer moves into the pocket's vault, needs no
//! owner match (the owner only gains). Taking out of a pocket, changing
//! its owner, crediting it for free, or trusting its balance for a payout
//! does: the signer must be the recorded owner.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("DmCr111111111111111111111111111111111111111");

#[program]
pub mod credit_only {
    use super::*;

    pub fn secure_pay_in(ctx: Context<PayIn>, amount: u64) -> Result<()> {
        move_tokens(
            &ctx.accounts.token_program,
            &ctx.accounts.payer_tokens,
            &ctx.accounts.vault,
            &ctx.accounts.owner,
            amount,
        )?;
        ctx.accounts.pocket.balance += amount;
        Ok(())
    }

    // Tops the pocket up to a target: what it holds only lowers what the
    // signer pays, through the same paying-in instruction.
    pub fn secure_top_up(ctx: Context<PayIn>, target: u64) -> Result<()> {
        let missing = target.saturating_sub(ctx.accounts.pocket.balance);
        secure_pay_in(ctx, missing)
    }

    pub fn secure_pay_in_zero_copy(ctx: Context<PayInLedger>, amount: u64) -> Result<()> {
        let mut ledger = ctx.accounts.ledger.load_mut()?;
        token::transfer(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.payer_tokens.to_account_info(),
                    to: ctx.accounts.vault.to_account_info(),
                    authority: ctx.accounts.owner.to_account_info(),
                },
            ),
            amount,
        )?;
        ledger.credited = ledger.credited.checked_add(amount).ok_or(PocketError::Overflow)?;
        Ok(())
    }

    pub fn insecure_take_out(ctx: Context<TakeOut>, amount: u64) -> Result<()> {
        ctx.accounts.pocket.balance -= amount;
        Ok(())
    }

    pub fn insecure_hand_over(ctx: Context<HandOver>, new_owner: Pubkey) -> Result<()> {
        ctx.accounts.pocket.owner = new_owner;
        Ok(())
    }

    // The signer pays half and the pocket is credited in full.
    pub fn insecure_pay_half(ctx: Context<PayHalf>, amount: u64) -> Result<()> {
        move_tokens(
            &ctx.accounts.token_program,
            &ctx.accounts.payer_tokens,
            &ctx.accounts.vault,
            &ctx.accounts.owner,
            amount / 2,
        )?;
        ctx.accounts.pocket.balance += amount;
        Ok(())
    }

    // The balance of a pocket the signer need not own sets a payout.
    pub fn insecure_mirror(ctx: Context<Mirror>) -> Result<()> {
        let owed = ctx.accounts.pocket.balance;
        ctx.accounts.payout.balance += owed;
        Ok(())
    }
}

fn move_tokens<'info>(
    token_program: &Program<'info, Token>,
    from: &Account<'info, TokenAccount>,
    to: &Account<'info, TokenAccount>,
    authority: &Signer<'info>,
    amount: u64,
) -> Result<()> {
    if amount > 0 {
        token::transfer(
            CpiContext::new(
                token_program.to_account_info(),
                Transfer {
                    from: from.to_account_info(),
                    to: to.to_account_info(),
                    authority: authority.to_account_info(),
                },
            ),
            amount,
        )?;
    }
    Ok(())
}

#[account]
pub struct Pocket {
    pub owner: Pubkey,
    pub vault: Pubkey,
    pub balance: u64,
}

#[account(zero_copy)]
pub struct Ledger {
    pub owner: Pubkey,
    pub vault: Pubkey,
    pub credited: u64,
}

#[derive(Accounts)]
pub struct PayIn<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub payer_tokens: Account<'info, TokenAccount>,
    #[account(mut, has_one = vault)]
    pub pocket: Account<'info, Pocket>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct PayInLedger<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub payer_tokens: Account<'info, TokenAccount>,
    #[account(mut, has_one = vault)]
    pub ledger: AccountLoader<'info, Ledger>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct TakeOut<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub pocket: Account<'info, Pocket>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[derive(Accounts)]
pub struct HandOver<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub pocket: Account<'info, Pocket>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[derive(Accounts)]
pub struct PayHalf<'info> {
    pub owner: Signer<'info>,
    #[account(mut)]
    pub payer_tokens: Account<'info, TokenAccount>,
    #[account(mut, has_one = vault)]
    pub pocket: Account<'info, Pocket>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct Mirror<'info> {
    pub owner: Signer<'info>,
    pub pocket: Account<'info, Pocket>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
    #[account(mut, has_one = owner)]
    pub payout: Account<'info, Pocket>,
}

#[error_code]
pub enum PocketError {
    Overflow,
}
