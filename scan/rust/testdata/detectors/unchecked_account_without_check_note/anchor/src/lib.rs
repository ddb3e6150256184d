//! UncheckedAccount or AccountInfo fields without a "/// CHECK:" note:
//! nothing records why skipping Anchor's checks is safe (anchor build
//! refuses them; code generated or built with old versions still has them).
use anchor_lang::prelude::*;

declare_id!("Note1111111111111111111111111111111111111111");

#[program]
pub mod check_note {
    use super::*;

    pub fn forward(_ctx: Context<Forward>) -> Result<()> {
        Ok(())
    }

    pub fn documented(_ctx: Context<Documented>) -> Result<()> {
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Forward<'info> {
    pub authority: Signer<'info>,
    // A plain comment is not a CHECK note.
    #[account(mut)]
    pub destination: UncheckedAccount<'info>, // want "SOLANA_UNCHECKED_ACCOUNT_WITHOUT_CHECK_NOTE"
    /// The fee receiver (documented, but not a CHECK note).
    #[account(mut)]
    pub fee_receiver: AccountInfo<'info>, // want "SOLANA_UNCHECKED_ACCOUNT_WITHOUT_CHECK_NOTE"
    pub optional_hook: Option<UncheckedAccount<'info>>, // want "SOLANA_UNCHECKED_ACCOUNT_WITHOUT_CHECK_NOTE"
}

#[derive(Accounts)]
pub struct Documented<'info> {
    pub authority: Signer<'info>,
    /// CHECK: only receives lamports; no data is read.
    #[account(mut)]
    pub destination: UncheckedAccount<'info>,
    /// CHECK: pinned by the address constraint.
    #[account(address = FEE_RECEIVER)]
    pub fee_receiver: AccountInfo<'info>,
    /// Hook program to notify.
    /// CHECK: executable and owned by the BPF loader; only invoked.
    #[account(executable)]
    pub optional_hook: Option<UncheckedAccount<'info>>,
}

pub const FEE_RECEIVER: Pubkey = pubkey!("Fee1111111111111111111111111111111111111111");
