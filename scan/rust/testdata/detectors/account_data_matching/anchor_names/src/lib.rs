//! Account data matching (Anchor), paired by name only: the feed's stored reporter key and the
//! reporter account share a name, and no instruction of the program matches the two. The
//! finding stands (the instruction changes the feed for any signer), at low confidence: only
//! the names say the stored key is meant for that account.
use anchor_lang::prelude::*;

declare_id!("Name111111111111111111111111111111111111111");

#[program]
pub mod names {
    use super::*;

    pub fn insecure_publish(ctx: Context<Publish>, price: u64) -> Result<()> {
        ctx.accounts.feed.price = price;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Publish<'info> {
    pub reporter: Signer<'info>,
    #[account(mut)]
    pub feed: Account<'info, Feed>, // want "SOLANA_ACCOUNT_DATA_MATCHING"
}

#[account]
pub struct Feed {
    pub reporter: Pubkey,
    pub price: u64,
}
