//! Account created without a rent-exempt balance (Anchor CPI to the system
//! program): the lamports must cover Rent::minimum_balance of the space.
use anchor_lang::prelude::*;
use anchor_lang::system_program::{self, Allocate, Assign, CreateAccount, Transfer};

declare_id!("Rent111111111111111111111111111111111111111");

pub const SPACE: u64 = 128;

#[program]
pub mod records {
    use super::*;

    pub fn insecure_open(ctx: Context<Open>, lamports: u64) -> Result<()> {
        system_program::create_account( // want "SOLANA_MISSING_RENT_EXEMPTION"
            CpiContext::new(
                ctx.accounts.system_program.to_account_info(),
                CreateAccount {
                    from: ctx.accounts.payer.to_account_info(),
                    to: ctx.accounts.record.to_account_info(),
                },
            ),
            lamports,
            SPACE,
            &crate::ID,
        )
    }

    pub fn secure_open(ctx: Context<Open>) -> Result<()> {
        let cpi = CpiContext::new(
            ctx.accounts.system_program.to_account_info(),
            CreateAccount {
                from: ctx.accounts.payer.to_account_info(),
                to: ctx.accounts.record.to_account_info(),
            },
        );
        system_program::create_account(cpi, Rent::get()?.minimum_balance(SPACE as usize), SPACE, &crate::ID)
    }

    // A PDA that may already hold lamports cannot be created with
    // create_account: it is funded, given space and assigned instead. Here
    // the top-up is a fixed sum.
    pub fn insecure_open_pda(ctx: Context<OpenPda>) -> Result<()> {
        system_program::transfer( // want "SOLANA_MISSING_RENT_EXEMPTION"
            CpiContext::new(
                ctx.accounts.system_program.to_account_info(),
                Transfer { from: ctx.accounts.payer.to_account_info(), to: ctx.accounts.record.to_account_info() },
            ),
            1_000_000,
        )?;
        give_space(&ctx)
    }

    // The top-up is what the rent sysvar asks for beyond the present balance.
    pub fn secure_open_pda(ctx: Context<OpenPda>) -> Result<()> {
        let needed = Rent::get()?
            .minimum_balance(SPACE as usize)
            .saturating_sub(ctx.accounts.record.lamports());
        if needed > 0 {
            system_program::transfer(
                CpiContext::new(
                    ctx.accounts.system_program.to_account_info(),
                    Transfer { from: ctx.accounts.payer.to_account_info(), to: ctx.accounts.record.to_account_info() },
                ),
                needed,
            )?;
        }
        give_space(&ctx)
    }

    // The user sent lamports to the PDA beforehand; the program takes
    // whatever is there.
    pub fn insecure_claim_prefunded(ctx: Context<OpenPda>) -> Result<()> {
        let seeds: &[&[u8]] = &[b"record", &[ctx.bumps.record]];
        system_program::allocate( // want "SOLANA_MISSING_RENT_EXEMPTION"
            CpiContext::new_with_signer(
                ctx.accounts.system_program.to_account_info(),
                Allocate { account_to_allocate: ctx.accounts.record.to_account_info() },
                &[seeds],
            ),
            SPACE,
        )?;
        system_program::assign(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.to_account_info(),
                Assign { account_to_assign: ctx.accounts.record.to_account_info() },
                &[seeds],
            ),
            &crate::ID,
        )
    }

    // The client created the ledger account in the same transaction; Anchor
    // is told not to check its balance.
    pub fn insecure_adopt_ledger(ctx: Context<AdoptUnchecked>) -> Result<()> {
        ctx.accounts.ledger.load_init()?.authority = ctx.accounts.payer.key();
        Ok(())
    }

    // The same with Anchor's rent check left on.
    pub fn secure_adopt_ledger(ctx: Context<Adopt>) -> Result<()> {
        ctx.accounts.ledger.load_init()?.authority = ctx.accounts.payer.key();
        Ok(())
    }

    // The same, once the present balance is known to cover the space.
    pub fn secure_claim_prefunded(ctx: Context<OpenPda>) -> Result<()> {
        let rent = Rent::get()?;
        require!(rent.is_exempt(ctx.accounts.record.lamports(), SPACE as usize), RecordError::NotRentExempt);
        let seeds: &[&[u8]] = &[b"record", &[ctx.bumps.record]];
        system_program::allocate(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.to_account_info(),
                Allocate { account_to_allocate: ctx.accounts.record.to_account_info() },
                &[seeds],
            ),
            SPACE,
        )?;
        system_program::assign(
            CpiContext::new_with_signer(
                ctx.accounts.system_program.to_account_info(),
                Assign { account_to_assign: ctx.accounts.record.to_account_info() },
                &[seeds],
            ),
            &crate::ID,
        )
    }
}

#[derive(Accounts)]
pub struct Open<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    #[account(mut)]
    pub record: Signer<'info>,
    pub system_program: Program<'info, System>,
}

// Space and owner for the record PDA; funding is the caller's part, and
// every caller funds it with a transfer, judged there.
fn give_space(ctx: &Context<OpenPda>) -> Result<()> {
    let seeds: &[&[u8]] = &[b"record", &[ctx.bumps.record]];
    system_program::allocate(
        CpiContext::new_with_signer(
            ctx.accounts.system_program.to_account_info(),
            Allocate { account_to_allocate: ctx.accounts.record.to_account_info() },
            &[seeds],
        ),
        SPACE,
    )?;
    system_program::assign(
        CpiContext::new_with_signer(
            ctx.accounts.system_program.to_account_info(),
            Assign { account_to_assign: ctx.accounts.record.to_account_info() },
            &[seeds],
        ),
        &crate::ID,
    )
}

#[derive(Accounts)]
pub struct OpenPda<'info> {
    #[account(mut)]
    pub payer: Signer<'info>,
    /// CHECK: created here at its PDA
    #[account(mut, seeds = [b"record"], bump)]
    pub record: UncheckedAccount<'info>,
    pub system_program: Program<'info, System>,
}

#[account(zero_copy)]
pub struct Ledger {
    pub authority: Pubkey,
    pub entries: [u64; 512],
}

#[derive(Accounts)]
pub struct AdoptUnchecked<'info> {
    pub payer: Signer<'info>,
    #[account(zero, rent_exempt = skip)] // want "SOLANA_MISSING_RENT_EXEMPTION"
    pub ledger: AccountLoader<'info, Ledger>,
}

#[derive(Accounts)]
pub struct Adopt<'info> {
    pub payer: Signer<'info>,
    #[account(zero)]
    pub ledger: AccountLoader<'info, Ledger>,
}

#[error_code]
pub enum RecordError {
    NotRentExempt,
}
