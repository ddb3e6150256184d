//! Arbitrary CPI (Anchor): the program invoked is whatever account the
//! caller passes, so a malicious program receives the signer privileges.
use anchor_lang::prelude::*;
use anchor_lang::solana_program::{
    instruction::{AccountMeta, Instruction},
    program::{invoke, invoke_signed},
};
use anchor_spl::token::{self, Mint, Token, TokenAccount, Transfer};

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
        // Unsigned, and the handler does nothing else: the user's own signature goes to the
        // program the user names (low: nothing of the program's is at stake).
        invoke(&ix, &[ctx.accounts.user.to_account_info()])?; // want "SOLANA_ARBITRARY_CPI" severity=low
        Ok(())
    }

    // The deposit is booked after a "transfer" by whatever program the caller names: a
    // program that does nothing credits the caller for free.
    pub fn insecure_deposit(ctx: Context<InsecureDeposit>, amount: u64) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.token_program.key(),
            accounts: vec![
                AccountMeta::new(ctx.accounts.from.key(), false),
                AccountMeta::new(ctx.accounts.vault.key(), false),
                AccountMeta::new_readonly(ctx.accounts.user.key(), true),
            ],
            data: amount.to_le_bytes().to_vec(),
        };
        invoke(&ix, &[ctx.accounts.from.to_account_info(), ctx.accounts.vault.to_account_info(), ctx.accounts.user.to_account_info()])?; // want "SOLANA_ARBITRARY_CPI" severity=critical
        ctx.accounts.ledger.deposited += amount;
        Ok(())
    }

    // The vault authority PDA owns the vault (token::authority below): lending its signature
    // to a program the caller names hands over the vault.
    pub fn insecure_hook_as_vault(ctx: Context<VaultHook>, payload: Vec<u8>) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.hook_program.key(),
            accounts: vec![AccountMeta::new_readonly(ctx.accounts.vault_authority.key(), true)],
            data: payload,
        };
        invoke_signed(&ix, &[ctx.accounts.vault_authority.to_account_info()], &[&[b"vault_authority", &[ctx.bumps.vault_authority]]])?; // want "SOLANA_ARBITRARY_CPI" severity=critical
        Ok(())
    }

    // A relay PDA that signs only the calls it relays: it holds nothing between transactions.
    pub fn insecure_hook_as_relay(ctx: Context<RelayHook>, payload: Vec<u8>) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.hook_program.key(),
            accounts: vec![AccountMeta::new_readonly(ctx.accounts.relay.key(), true)],
            data: payload,
        };
        invoke_signed(&ix, &[ctx.accounts.relay.to_account_info()], &[&[b"relay", &[ctx.bumps.relay]]])?; // want "SOLANA_ARBITRARY_CPI" severity=low
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

    // The same booked deposit, the token program pinned by a key constraint (issue 28 class
    // 3): the program invoked is the token program.
    pub fn secure_deposit(ctx: Context<PinnedDeposit>, amount: u64) -> Result<()> {
        let ix = Instruction {
            program_id: ctx.accounts.token_program.key(),
            accounts: vec![
                AccountMeta::new(ctx.accounts.from.key(), false),
                AccountMeta::new(ctx.accounts.vault.key(), false),
                AccountMeta::new_readonly(ctx.accounts.user.key(), true),
            ],
            data: amount.to_le_bytes().to_vec(),
        };
        invoke(&ix, &[ctx.accounts.from.to_account_info(), ctx.accounts.vault.to_account_info(), ctx.accounts.user.to_account_info()])?;
        ctx.accounts.ledger.deposited += amount;
        Ok(())
    }

    pub fn secure_open_vault(_ctx: Context<OpenVault>) -> Result<()> {
        Ok(())
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

#[derive(Accounts)]
pub struct InsecureDeposit<'info> {
    pub user: Signer<'info>,
    /// CHECK: the user's token account.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: the program's vault.
    #[account(mut)]
    pub vault: AccountInfo<'info>,
    #[account(mut, seeds = [b"ledger", user.key().as_ref()], bump)]
    pub ledger: Account<'info, Ledger>,
    /// CHECK: should be the token program, but is not checked.
    pub token_program: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct PinnedDeposit<'info> {
    pub user: Signer<'info>,
    /// CHECK: the user's token account.
    #[account(mut)]
    pub from: AccountInfo<'info>,
    /// CHECK: the program's vault.
    #[account(mut)]
    pub vault: AccountInfo<'info>,
    #[account(mut, seeds = [b"ledger", user.key().as_ref()], bump)]
    pub ledger: Account<'info, Ledger>,
    /// CHECK: pinned to the token program by its key.
    #[account(constraint = token_program.key == &token::ID)]
    pub token_program: UncheckedAccount<'info>,
}

#[derive(Accounts)]
pub struct OpenVault<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    pub mint: Account<'info, Mint>,
    #[account(init, payer = payer, seeds = [b"vault", mint.key().as_ref()], bump, token::mint = mint, token::authority = vault_authority)]
    pub vault: Account<'info, TokenAccount>,
    /// CHECK: the PDA that owns every vault.
    #[account(seeds = [b"vault_authority"], bump)]
    pub vault_authority: UncheckedAccount<'info>,
    pub token_program: Program<'info, Token>,
    pub system_program: Program<'info, System>,
    pub rent: Sysvar<'info, Rent>,
}

#[derive(Accounts)]
pub struct VaultHook<'info> {
    /// CHECK: the PDA that owns every vault.
    #[account(seeds = [b"vault_authority"], bump)]
    pub vault_authority: UncheckedAccount<'info>,
    /// CHECK: any program the caller likes.
    pub hook_program: AccountInfo<'info>,
}

#[derive(Accounts)]
pub struct RelayHook<'info> {
    /// CHECK: a PDA that signs relayed calls only.
    #[account(seeds = [b"relay"], bump)]
    pub relay: UncheckedAccount<'info>,
    /// CHECK: any program the caller likes.
    pub hook_program: AccountInfo<'info>,
}

#[account]
pub struct Ledger {
    pub deposited: u64,
}

#[error_code]
pub enum CpiError {
    WrongProgram,
}
