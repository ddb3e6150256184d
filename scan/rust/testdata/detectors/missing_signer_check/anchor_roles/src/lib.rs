//! Missing signer check (Anchor), by role: an account named as an
//! authority that nothing pins or checks, is_signer checks made by a
//! helper, a PDA the program signs for, and a new authority being set
//! (which need not sign).
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Role1111111111111111111111111111111111111111");

#[program]
pub mod signer_roles {
    use super::*;

    pub fn insecure_greet(ctx: Context<InsecureGreet>) -> Result<()> {
        msg!("hello {}", ctx.accounts.authority.key());
        Ok(())
    }

    pub fn secure_greet(ctx: Context<SecureGreet>) -> Result<()> {
        require_signed(&ctx.accounts.authority)?;
        msg!("hello {}", ctx.accounts.authority.key());
        Ok(())
    }

    pub fn secure_pay_out(ctx: Context<SecurePayOut>, amount: u64) -> Result<()> {
        let bump = [ctx.accounts.treasury.bump];
        let seeds: &[&[u8]] = &[b"treasury", &bump];
        token::transfer(
            CpiContext::new_with_signer(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.vault.to_account_info(),
                    to: ctx.accounts.recipient.to_account_info(),
                    authority: ctx.accounts.vault_authority.to_account_info(),
                },
                &[seeds],
            ),
            amount,
        )
    }

    pub fn secure_hand_over(ctx: Context<SecureHandOver>) -> Result<()> {
        ctx.accounts.treasury.admin = ctx.accounts.new_admin_authority.key();
        Ok(())
    }
}

fn require_signed(account: &AccountInfo) -> Result<()> {
    if !account.is_signer {
        return err!(RoleError::NotSigner);
    }
    Ok(())
}

#[derive(Accounts)]
pub struct InsecureGreet<'info> {
    /// CHECK: nothing makes the authority sign.
    pub authority: AccountInfo<'info>, // want "SOLANA_MISSING_SIGNER_CHECK"
}

#[derive(Accounts)]
pub struct SecureGreet<'info> {
    /// CHECK: require_signed checks the signature.
    pub authority: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecurePayOut<'info> {
    #[account(mut, has_one = vault_authority)]
    pub treasury: Account<'info, Treasury>,
    /// CHECK: the program's PDA; the program signs for it.
    pub vault_authority: UncheckedAccount<'info>,
    #[account(mut, token::authority = vault_authority)]
    pub vault: Account<'info, TokenAccount>,
    #[account(mut)]
    pub recipient: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

#[derive(Accounts)]
pub struct SecureHandOver<'info> {
    #[account(mut, has_one = admin)]
    pub treasury: Account<'info, Treasury>,
    pub admin: Signer<'info>,
    /// CHECK: the new admin is only recorded.
    pub new_admin_authority: UncheckedAccount<'info>,
}

#[account]
pub struct Treasury {
    pub admin: Pubkey,
    pub vault_authority: Pubkey,
    pub bump: u8,
}

#[error_code]
pub enum RoleError {
    NotSigner,
}
