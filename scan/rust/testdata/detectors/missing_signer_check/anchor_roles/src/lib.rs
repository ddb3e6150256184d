//! Missing signer check (Anchor), by role: only an account that acts as an
//! authority (its key matched with stored state to allow a change) must sign.
//! The match may sit in a helper a constraint calls; an account that gates
//! nothing, receives, is read as data, or is checked by a CPI's program is no
//! authority.
use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

declare_id!("Role1111111111111111111111111111111111111111");

#[program]
pub mod signer_roles {
    use super::*;

    // The admin is matched in a helper the constraint calls; it never signs.
    pub fn insecure_rename(ctx: Context<InsecureRename>, name: [u8; 16]) -> Result<()> {
        ctx.accounts.treasury.name = name;
        Ok(())
    }

    // Named like an authority, but it gates nothing: not an authority.
    pub fn secure_greet(ctx: Context<InsecureGreet>) -> Result<()> {
        msg!("hello {}", ctx.accounts.authority.key());
        Ok(())
    }

    // The payee is matched with stored state, but only receives.
    pub fn secure_pay_payee(ctx: Context<SecurePayPayee>, lamports: u64) -> Result<()> {
        ctx.accounts.treasury.sub_lamports(lamports)?;
        ctx.accounts.payee.add_lamports(lamports)?;
        Ok(())
    }

    // The price feed is matched with stored state, but it is read, not obeyed.
    pub fn secure_mark(ctx: Context<SecureMark>) -> Result<()> {
        let data = ctx.accounts.feed.try_borrow_data()?;
        ctx.accounts.treasury.last_price = u64::from_le_bytes(data[0..8].try_into().unwrap());
        Ok(())
    }

    // The owner is the authority of a token transfer the program does not sign: the
    // token program checks its signature.
    pub fn secure_deposit(ctx: Context<SecureDeposit>, amount: u64) -> Result<()> {
        ctx.accounts.treasury.deposits += amount;
        token::transfer(
            CpiContext::new(
                ctx.accounts.token_program.to_account_info(),
                Transfer {
                    from: ctx.accounts.source.to_account_info(),
                    to: ctx.accounts.vault.to_account_info(),
                    authority: ctx.accounts.depositor.to_account_info(),
                },
            ),
            amount,
        )
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

fn is_admin(treasury: &Treasury, admin: &AccountInfo) -> bool {
    treasury.admin == admin.key()
}

#[derive(Accounts)]
pub struct InsecureRename<'info> {
    #[account(mut, constraint = is_admin(&treasury, &admin))]
    pub treasury: Account<'info, Treasury>,
    /// CHECK: matched through is_admin, never made to sign.
    pub admin: AccountInfo<'info>, // want "SOLANA_MISSING_SIGNER_CHECK"
}

#[derive(Accounts)]
pub struct InsecureGreet<'info> {
    /// CHECK: greeted only.
    pub authority: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecurePayPayee<'info> {
    #[account(mut, has_one = payee)]
    pub treasury: Account<'info, Treasury>,
    /// CHECK: a destination.
    #[account(mut)]
    pub payee: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureMark<'info> {
    #[account(mut, has_one = feed)]
    pub treasury: Account<'info, Treasury>,
    /// CHECK: a price feed whose data is read.
    pub feed: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct SecureDeposit<'info> {
    #[account(mut, has_one = depositor)]
    pub treasury: Account<'info, Treasury>,
    /// CHECK: signs the transfer, which the token program checks.
    pub depositor: AccountInfo<'info>,
    #[account(mut)]
    pub source: Account<'info, TokenAccount>,
    #[account(mut)]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
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
    pub payee: Pubkey,
    pub feed: Pubkey,
    pub depositor: Pubkey,
    pub name: [u8; 16],
    pub last_price: u64,
    pub deposits: u64,
    pub bump: u8,
}

#[error_code]
pub enum RoleError {
    NotSigner,
}
